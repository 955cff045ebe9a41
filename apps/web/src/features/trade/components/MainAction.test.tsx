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

describe('the trade page cancel button (docs/decisions/034)', () => {
  it('is hidden on a disputed trade, leaving the sentence that says why', () => {
    show('DISPUTED', []);
    expect(screen.queryByRole('button', { name: 'Отменить сделку' })).toBeNull();
    expect(screen.getByText('По сделке открыт спор: обратитесь в поддержку')).toBeTruthy();
  });

  it('is hidden after the seller confirmed, with the reason next to the release', () => {
    show('PAYMENT_CONFIRMED', ['release_crypto', 'dispute_trade'], 'seller');
    expect(screen.queryByRole('button', { name: 'Отменить сделку' })).toBeNull();
    expect(screen.getByText('Отмена недоступна в этом статусе сделки')).toBeTruthy();
  });

  it('tells a trade being created to wait', () => {
    show('CREATED', []);
    expect(screen.queryByRole('button', { name: 'Отменить сделку' })).toBeNull();
    expect(screen.getByText('Сделка создаётся, подождите')).toBeTruthy();
  });

  it('cancels where cancelling is offered, and shows nothing for a finished trade or an observer', () => {
    const onAction = show('ESCROW_LOCKED', ['mark_paid', 'cancel_trade']);
    const cancel = screen.getByRole('button', { name: 'Отменить сделку' });
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

describe('who acts first on a new trade (docs/decisions/034)', () => {
  const noDetails = (userRole: string) =>
    ({
      ...trade('ESCROW_LOCKED', userRole),
      paymentTemplate: null,
      paymentDeadline: '2026-11-29T01:23:00.000Z',
    }) as TradeView;
  const render = (tr: TradeView, available: string[]) =>
    renderApp(
      <MainAction
        trade={tr}
        available={available}
        checklistReady={false}
        busy={null}
        onAction={() => undefined}
        onDispute={() => undefined}
      />,
    );

  it('tells the seller who has not sent details that it is their move, never that the buyer must act', () => {
    render(noDetails('seller'), ['cancel_trade']);
    const text = document.body.textContent ?? '';
    expect(text).toContain('Сейчас ваш ход: отправьте реквизиты покупателю');
    expect(text).not.toContain('Ждём действий покупателя');
  });

  it('tells the buyer to wait for the details, with no «Я оплатил» to press', () => {
    render(noDetails('buyer'), ['mark_paid', 'cancel_trade']);
    expect(document.body.textContent).toContain('Продавец ещё не отправил реквизиты');
    expect((screen.getByRole('button', { name: 'Я оплатил' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes back to «Ждём действий покупателя» once the details are sent', () => {
    render(trade('ESCROW_LOCKED', 'seller'), ['cancel_trade']);
    expect(document.body.textContent).toContain('Ждём действий покупателя');
  });
});
