import type { TradeView } from '@p2p/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { MainAction } from './MainAction';

const party = { effectiveName: 'Иван' };
const trade = (status: string, userRole = 'buyer') =>
  ({
    id: 't1',
    status,
    userRole,
    amountFiat: '5000.00',
    fiatCurrency: 'RUB',
    amountCrypto: '0.00100000',
    cryptocurrency: 'BTC',
    buyer: party,
    seller: party,
    paymentTemplate: { id: 'p' },
  }) as unknown as TradeView;

function show(status: string, available: string[], userRole = 'buyer') {
  const onAction = vi.fn();
  renderApp(
    <MainAction
      trade={trade(status, userRole)}
      available={available}
      checklistReady={false}
      busy={null}
      onAction={onAction}
      onDispute={() => undefined}
    />,
  );
  return onAction;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the trade page cancel button (docs/decisions/015)', () => {
  it('stays on a disputed trade, disabled but focusable, described by why', () => {
    const onAction = show('DISPUTED', []);
    const cancel = screen.getByRole('button', {
      name: 'Отменить сделку',
      description: 'По сделке открыт спор: обратитесь в поддержку',
    });
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect((cancel as HTMLButtonElement).disabled).toBe(false);
    cancel.focus();
    expect(document.activeElement).toBe(cancel);
    // The reason is on screen, not only in a tooltip.
    expect(screen.getByText('По сделке открыт спор: обратитесь в поддержку')).toBeTruthy();
    fireEvent.click(cancel);
    expect(onAction).not.toHaveBeenCalled();
  });

  it('says why after the seller confirmed, next to the release', () => {
    show('PAYMENT_CONFIRMED', ['release_crypto', 'dispute_trade'], 'seller');
    const cancel = screen.getByRole('button', { name: 'Отменить сделку' });
    expect(cancel.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('Отмена недоступна в этом статусе сделки')).toBeTruthy();
  });

  it('tells a trade being created to wait', () => {
    show('CREATED', []);
    expect(screen.getByRole('button', { name: 'Отменить сделку' }).getAttribute('aria-describedby')).toBe(
      screen.getByText('Сделка создаётся, подождите').id,
    );
  });

  it('cancels where cancelling is offered, and shows nothing for a finished trade or an observer', () => {
    const onAction = show('ESCROW_LOCKED', ['mark_paid', 'cancel_trade']);
    const cancel = screen.getByRole('button', { name: 'Отменить сделку' });
    expect(cancel.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(cancel);
    expect(onAction).toHaveBeenCalledWith('cancel_trade');
    document.body.innerHTML = '';
    show('COMPLETED', []);
    expect(screen.queryByRole('button', { name: 'Отменить сделку' })).toBeNull();
    document.body.innerHTML = '';
    show('DISPUTED', [], 'observer');
    expect(screen.queryByRole('button', { name: 'Отменить сделку' })).toBeNull();
  });
});
