import { describe, expect, it } from 'vitest';
import { issueValues, localizeMessage } from '../i18n/index.ts';
import { CreateOrderRequest, OrderBookQuery, OrderSettingsRequest } from './orders.ts';

// The order form's texts, typed here rather than imported, so a changed message fails.
const M = {
  type: 'Выберите тип ордера: покупка или продажа',
  crypto: 'Выберите поддерживаемую криптовалюту',
  price: 'Укажите корректную цену за единицу',
  total: 'Минимальная сумма сделки: 1 000 ₽',
  methods: 'Выберите хотя бы один способ оплаты',
  minLimit: 'Минимальный лимит должен быть не менее 1 000 ₽ и не больше общей суммы',
  maxLimit: 'Максимальный лимит должен быть больше минимального и не превышать общую сумму',
  description: 'Описание не должно превышать 500 символов',
  timeLimit: 'Время сделки должно быть от 15 минут до 24 часов',
};

/** 0.1 BTC at 50 000 ₽ = 5 000 ₽ total: valid, and small enough to hit every limit. */
const valid = {
  type: 'sell',
  cryptocurrency: 'BTC',
  amount_crypto: '0.1',
  price_per_unit: '50000',
  payment_methods: ['sberbank'],
};

// Russian grouping uses a no-break space; the messages use a plain one. Same text to a reader.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

function messagesOf(input: Record<string, unknown>): string[] {
  const result = CreateOrderRequest.safeParse(input);
  // What a Russian reader is shown: the issue's key with its values.
  return result.success
    ? []
    : result.error.issues.map((i) => plain(localizeMessage('ru', i.message, issueValues(i))));
}

describe('CreateOrderRequest: valid input', () => {
  it('accepts the minimal order and fills the defaults', () => {
    const parsed = CreateOrderRequest.parse(valid);
    expect(parsed.fiat_currency).toBe('RUB');
    // The server fills the time to pay from the methods (defaultTimeLimit).
    expect(parsed.time_limit).toBeUndefined();
  });

  it.each([
    ['KZT', ['kaspi', 'cash']],
    ['EUR', ['sepa', 'revolut', 'wise', 'paypal']],
    ['TRY', ['papara', 'ziraat']],
    ['CNY', ['alipay', 'wechat']],
  ])('accepts %s orders paid by %s', (fiat_currency, payment_methods) => {
    const parsed = CreateOrderRequest.safeParse({
      ...valid,
      fiat_currency,
      payment_methods,
      price_per_unit: '10000000',
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses a method of another currency, naming the currency', () => {
    expect(messagesOf({ ...valid, fiat_currency: 'KZT', payment_methods: ['kaspi', 'sberbank'] })).toContain(
      'Этот способ оплаты недоступен для KZT',
    );
    expect(messagesOf({ ...valid, payment_methods: ['alipay'] })).toContain(
      'Этот способ оплаты недоступен для RUB',
    );
  });

  it.each([
    ['BTC', '0.001', '1000000'],
    ['ETH', '0.01', '100000'],
    ['USDT', '10', '100'],
    ['BNB', '0.01', '100000'],
  ])('accepts exactly the minimum %s amount %s', (cryptocurrency, amount_crypto, price_per_unit) => {
    expect(messagesOf({ ...valid, cryptocurrency, amount_crypto, price_per_unit })).toEqual([]);
  });

  it('accepts a total of exactly 1 000 ₽, limits equal to each other and to the total', () => {
    // 0.02 BTC x 50 000 = 1 000 ₽
    expect(messagesOf({ ...valid, amount_crypto: '0.02', min_amount: '1000', max_amount: '1000' })).toEqual(
      [],
    );
    expect(messagesOf({ ...valid, min_amount: '5000', max_amount: '5000' })).toEqual([]);
  });

  it('accepts time limits 15 and 1440 and a 500-character description', () => {
    expect(messagesOf({ ...valid, time_limit: 15 })).toEqual([]);
    expect(messagesOf({ ...valid, time_limit: 1440 })).toEqual([]);
    expect(messagesOf({ ...valid, description: 'я'.repeat(500) })).toEqual([]);
  });
});

describe('CreateOrderRequest: order form messages', () => {
  it.each([
    ['type', { type: 'exchange' }, M.type],
    ['type missing', { type: undefined }, M.type],
    ['cryptocurrency', { cryptocurrency: 'LTC' }, M.crypto],
    [
      'BTC below 0.001',
      { amount_crypto: '0.00099999', price_per_unit: '5000000' },
      'Минимальная сумма: 0.001 BTC',
    ],
    ['ETH below 0.01', { cryptocurrency: 'ETH', amount_crypto: '0.009' }, 'Минимальная сумма: 0.01 ETH'],
    [
      'USDT below 10',
      { cryptocurrency: 'USDT', amount_crypto: '9.99', price_per_unit: '1000' },
      'Минимальная сумма: 10 USDT',
    ],
    ['zero amount', { amount_crypto: '0' }, 'Минимальная сумма: 0.001 BTC'],
    ['negative amount', { amount_crypto: '-1' }, 'Минимальная сумма: 0.001 BTC'],
    ['9 decimals', { amount_crypto: '0.123456789' }, 'Минимальная сумма: 0.001 BTC'],
    ['exponent', { amount_crypto: '1e3' }, 'Минимальная сумма: 0.001 BTC'],
    ['zero price', { price_per_unit: '0' }, M.price],
    ['negative price', { price_per_unit: '-50000' }, M.price],
    ['price with 3 decimals', { price_per_unit: '50000.001' }, M.price],
    ['total 999.99 ₽', { amount_crypto: '0.02', price_per_unit: '49999.5' }, M.total],
    ['no payment method', { payment_methods: [] }, M.methods],
    ['payment methods missing', { payment_methods: undefined }, M.methods],
    ['min limit below 1 000', { min_amount: '999.99' }, M.minLimit],
    ['min limit above the total', { min_amount: '5000.01' }, M.minLimit],
    ['max limit above the total', { max_amount: '5000.01' }, M.maxLimit],
    ['max limit below the min', { min_amount: '3000', max_amount: '2999.99' }, M.maxLimit],
    ['description of 501', { description: 'я'.repeat(501) }, M.description],
    ['time limit 14', { time_limit: 14 }, M.timeLimit],
    ['time limit 1441', { time_limit: 1441 }, M.timeLimit],
    ['fractional time limit', { time_limit: 30.5 }, M.timeLimit],
    ['time limit as a string', { time_limit: '30' }, M.timeLimit],
  ])('%s', (_name, patch, message) => {
    expect(messagesOf({ ...valid, ...patch })).toContain(message);
  });

  it('gives the dollar minimum for USD orders', () => {
    // 0.001 BTC x 9 999 $ = 9.99 $
    const issues = messagesOf({
      ...valid,
      fiat_currency: 'USD',
      payment_methods: ['paypal'],
      amount_crypto: '0.001',
      price_per_unit: '9999',
    });
    expect(issues).toEqual(['Минимальная сумма сделки: 10 $']);
  });
});

describe('CreateOrderRequest: amounts that must never reach the database', () => {
  it.each([
    ['a JSON number amount', { amount_crypto: 0.1 }],
    ['a JSON number price', { price_per_unit: 50000 }],
    ['a JSON number limit', { min_amount: 1000 }],
    ['a huge amount', { amount_crypto: '999999999999999999999999' }],
    ['an exponent amount', { amount_crypto: '1e30' }],
    ['a huge price', { price_per_unit: '999999999999999999999999' }],
    ['an amount whose total overflows', { amount_crypto: '90000000000', price_per_unit: '1000000000' }],
    ['a huge max limit', { max_amount: '999999999999999999999999' }],
    ['an unknown fiat', { fiat_currency: 'EUR' }],
    ['an unknown payment method', { payment_methods: ['bitcoin-atm'] }],
  ])('refuses %s', (_name, patch) => {
    expect(CreateOrderRequest.safeParse({ ...valid, ...patch }).success).toBe(false);
  });
});

describe('other order schemas', () => {
  it('pages the book within 1..100', () => {
    expect(OrderBookQuery.parse({})).toMatchObject({ limit: 20, offset: 0 });
    expect(OrderBookQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(OrderBookQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(OrderBookQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });

  it('lets settings only pause or resume', () => {
    expect(OrderSettingsRequest.safeParse({ status: 'paused' }).success).toBe(true);
    expect(OrderSettingsRequest.safeParse({ status: 'active' }).success).toBe(true);
    for (const status of ['completed', 'cancelled', 'expired'])
      expect(OrderSettingsRequest.safeParse({ status }).success).toBe(false);
  });
});
