import type { OrderView } from '@p2p/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { TradeForm } from './TradeForm';
import type { TradeFlow } from './useTradeFlow';

// The DOM text is matched with its no-break spaces folded into plain ones.
/** A sell order of 0.2 BTC at 6 200 000 ₽, limits 1 000 – 1 240 000 ₽ (the buyer's side). */
const order = {
  id: '63741c28-24d1-4c23-abea-be5ea68854f9',
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'RUB',
  price_per_unit: '6200000.00',
  min_amount: '1000.00',
  max_amount: '1240000.00',
  available_fiat: '1240000.00',
  payment_methods: ['sberbank', 'sbp'],
  time_limit: 30,
} as unknown as OrderView;

let submit: ReturnType<typeof vi.fn>;
beforeEach(() => {
  submit = vi.fn();
  vi.stubGlobal('fetch', fakeApi(() => ({ platformFeeRate: '0.001', feePayer: 'buyer' })).fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

function open(lang: 'ru' | 'en' = 'ru') {
  const flow = {
    order,
    stage: 'form',
    draft: { amount: '', paymentMethod: '' },
    submit,
    close: () => {},
  } as unknown as TradeFlow;
  return renderApp(<TradeForm flow={flow} />, { lang });
}
const amount = () => screen.getByLabelText(/Сумма сделки|Trade amount/);
const buy = (name = 'Купить BTC') => fireEvent.click(screen.getByRole('button', { name }));

describe('trade form (spec 1 §5)', () => {
  it('refuses an amount outside the limits, naming them, and a missing method', async () => {
    open();
    fireEvent.change(amount(), { target: { value: '500' } });
    buy();
    expect(await screen.findByText(`Сумма должна быть от 1 000,00 ₽ до 1 240 000,00 ₽`)).toBeTruthy();
    expect(screen.getByText('Выберите способ оплаты', { selector: '.field__error' })).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('says the same in English, in English number style', async () => {
    open('en');
    fireEvent.change(amount(), { target: { value: '500' } });
    buy('Buy BTC');
    expect(await screen.findByText('The amount must be from ₽1,000.00 to ₽1,240,000.00')).toBeTruthy();
  });

  it('shows the fee and what the buyer receives before the trade is opened', async () => {
    open();
    fireEvent.change(amount(), { target: { value: '15 000' } });
    // 15 000 / 6 200 000 = 0.00241935 BTC; 0.1 % fee rounded down = 0.00000241.
    expect(await screen.findByText(`0,00241694 BTC`)).toBeTruthy();
    expect(
      screen.getByText(
        `Сделка 0,00241935 BTC, комиссия платформы 0,00000241 BTC — вы получите 0,00241694 BTC`,
      ),
    ).toBeTruthy();
  });

  it('sends the request body the shared schema accepts', async () => {
    open();
    fireEvent.change(amount(), { target: { value: '15 000' } });
    fireEvent.change(screen.getByLabelText('Способ оплаты'), { target: { value: 'sbp' } });
    expect(screen.getByText(/СБП \(Система быстрых платежей\)/, { selector: 'li' })).toBeTruthy();
    buy();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit.mock.calls[0]?.[0]).toEqual({
      orderId: order.id,
      amountFiat: '15000.00',
      amountCrypto: '0.00241935',
      paymentMethod: 'sbp',
    });
  });
});
