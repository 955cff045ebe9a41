import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import type { CancelState } from '../hooks/use-active-trades';
import type { ActiveTradeSummary } from '../lib/summary';
import { TradeRow } from './TradeRow';

const summary: ActiveTradeSummary = {
  id: '63741c28-24d1-4c23-abea-be5ea68854f9',
  status: 'DISPUTED',
  cryptocurrency: 'BTC',
  amountCrypto: '0.00100000',
  amountFiat: '5000.00',
  fiatCurrency: 'RUB',
  role: 'buyer',
  counterparty: 'Вера',
  createdAt: '2026-01-01T10:00:00Z',
  paymentDeadline: null,
  deadline: null,
  unread: 0,
};

function row(cancel: CancelState | undefined, trade: ActiveTradeSummary = summary, now = 0) {
  const onCancel = vi.fn();
  renderApp(
    <ul>
      <TradeRow
        trade={trade}
        now={now}
        cancel={cancel}
        cancelling={false}
        onOpen={() => undefined}
        onCancel={onCancel}
      />
    </ul>,
  );
  return onCancel;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('an Active Trades row', () => {
  it('hides the cancel button where cancelling is blocked and says why instead', () => {
    row({ ok: false, reason: 'trade.cancelBlocked.DISPUTED' });
    expect(screen.queryByRole('button', { name: /Отменить сделку/ })).toBeNull();
    expect(screen.getByText('По сделке открыт спор: обратитесь в поддержку')).toBeTruthy();
  });

  it("cancels where allowed, and has no button before the trade's actions are known", () => {
    const onCancel = row({ ok: true });
    const cancel = screen.getByRole('button', { name: 'Отменить сделку BTC · Вера' });
    expect(cancel.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledOnce();
    document.body.innerHTML = '';
    row(undefined);
    expect(screen.queryByRole('button', { name: /Отменить сделку/ })).toBeNull();
  });

  it('shows the time left only where a deadline runs, and 00:00 once it has passed', () => {
    row(undefined);
    expect(document.querySelector('.at-row__time')).toBeNull();
    expect(document.body.textContent).not.toContain('--:--');
    document.body.innerHTML = '';
    const paying = { ...summary, status: 'ESCROW_LOCKED', deadline: '2026-01-01T10:15:00Z' };
    row(undefined, paying, Date.parse('2026-01-01T10:00:30Z'));
    expect(document.querySelector('.at-row__time')?.textContent).toBe('14:30');
    document.body.innerHTML = '';
    row(undefined, paying, Date.parse('2026-01-01T10:16:00Z'));
    expect(document.querySelector('.at-row__time')?.textContent).toBe('00:00');
  });
});
