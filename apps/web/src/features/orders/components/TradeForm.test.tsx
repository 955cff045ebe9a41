import type { OrderView, TradeLimitsView } from '@p2p/shared';
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

/** GET /users/me/limits of an account with history: no cap, nothing suspended. */
const established: TradeLimitsView = {
  newAccount: false,
  completedTrades: 12,
  newAccountTrades: 5,
  openTrades: { current: 1, max: 10 },
  maxTradeAmount: null,
  cancellations: { current: 0, max: 3, windowHours: 24, suspensionHours: 24 },
  lostDisputes: { current: 0, max: 2 },
  suspensions: [],
};
/** A new account: two open purchases at most, 50 000 ₽ a trade. */
const newAccount: TradeLimitsView = {
  ...established,
  newAccount: true,
  completedTrades: 1,
  openTrades: { current: 0, max: 2 },
  maxTradeAmount: { RUB: '50000.00', USD: '537.63' },
};

let submit: ReturnType<typeof vi.fn>;
let limits: TradeLimitsView;
beforeEach(() => {
  submit = vi.fn();
  limits = established;
  const answer = (path: string) =>
    path === '/users/me/limits' ? limits : { platformFeeRate: '0.001', feePayer: 'buyer' };
  vi.stubGlobal('fetch', fakeApi(answer).fetch);
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

describe('trade form', () => {
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

describe('the trade form under the trade limits (docs/decisions/023)', () => {
  it("offers a new account's cap as the largest amount, before anything is typed", async () => {
    limits = newAccount;
    open();
    expect(await screen.findByText('От 1 000,00 ₽ до 50 000,00 ₽')).toBeTruthy();
    expect(
      screen.getByText(
        'Лимит нового аккаунта: до 50 000,00 ₽ за сделку. Он снимается после 5 завершенных сделок',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Макс' }));
    expect((amount() as HTMLInputElement).value).toBe('50000.00');
    fireEvent.change(amount(), { target: { value: '60 000' } });
    fireEvent.change(screen.getByLabelText('Способ оплаты'), { target: { value: 'sbp' } });
    buy();
    expect(await screen.findByText('Сумма должна быть от 1 000,00 ₽ до 50 000,00 ₽')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('tells a suspended account why and until when, in its own time zone, instead of the form', async () => {
    limits = {
      ...newAccount,
      cancellations: { ...newAccount.cancellations, current: 3 },
      suspensions: [{ limit: 'cancellations', since: '2026-11-21T11:31:00Z', until: '2026-11-22T11:31:00Z' }],
    };
    open();
    const notice = await screen.findByTestId('trade-limit');
    const zoned = new Intl.DateTimeFormat('ru-RU', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    }).format(new Date('2026-11-22T11:31:00Z'));
    expect(notice.textContent?.replace(/\u00a0/g, ' ')).toContain(
      `Открытие сделок приостановлено до ${zoned}: 3 отмены или просрочки оплаты за 24 часа.`,
    );
    expect(screen.queryByLabelText(/Сумма сделки/)).toBeNull();
  });

  it('tells a new account holding its two open purchases to complete one first', async () => {
    limits = { ...newAccount, openTrades: { current: 2, max: 2 } };
    open();
    expect(
      (await screen.findByTestId('trade-limit')).textContent?.includes(
        'Новый аккаунт может держать не больше 2 открытых сделок покупки одновременно (сейчас 2).',
      ),
    ).toBe(true);
  });
});
