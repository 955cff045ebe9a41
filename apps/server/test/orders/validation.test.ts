import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api } from '../trades/support.ts';

// POST /api/v1/orders over HTTP: the order form's messages, amounts as strings only, and a sell
// order that cannot be covered creates nothing.

let t: TestApp;
let http: Api;
let seller: string;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  seller = (await createUser(t.ctx)).id;
  await fund(t.ctx, seller, 'BTC', '2');
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

/** 0.1 BTC at 50 000 ₽ per coin: 5 000 ₽ in total, near every limit. */
const VALID = {
  type: 'sell',
  cryptocurrency: 'BTC',
  amount_crypto: '0.1',
  price_per_unit: '50000',
  payment_methods: ['sberbank', 'tinkoff'],
};
const BTC = 100_000_000n;

// The messages below write "1 000" with a plain space; the server groups with a no-break space.
const plain = (s: string) => s.replace(/\u00a0/g, ' ');

async function myOrderCount(userId = seller) {
  const res = await http.get('/orders/my', userId);
  expect(res.statusCode).toBe(200);
  return (res.json().data.orders as unknown[]).length;
}

/** Posts an order that must be refused with 400, and checks nothing was created or locked. */
async function refused(body: Record<string, unknown>) {
  const [count, money] = [await myOrderCount(), await balance(t.ctx, seller)];
  const res = await http.post('/orders', seller, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().success).toBe(false);
  expect(await myOrderCount()).toBe(count);
  expect(await balance(t.ctx, seller)).toEqual(money);
  return res.json() as {
    error: string;
    code: string;
    details?: { issues: { path: string; message: string }[] };
  };
}

describe('the validation messages of the order form', () => {
  it.each([
    ['an unknown type', { type: 'swap' }, 'Выберите тип ордера: покупка или продажа'],
    ['an unsupported coin', { cryptocurrency: 'LTC' }, 'Выберите поддерживаемую криптовалюту'],
    [
      'BTC below 0.001',
      { amount_crypto: '0.0009', price_per_unit: '5000000' },
      'Минимальная сумма: 0.001 BTC',
    ],
    [
      'ETH below 0.01',
      { cryptocurrency: 'ETH', amount_crypto: '0.009', price_per_unit: '300000' },
      'Минимальная сумма: 0.01 ETH',
    ],
    [
      'USDT below 10',
      { cryptocurrency: 'USDT', amount_crypto: '9', price_per_unit: '200' },
      'Минимальная сумма: 10 USDT',
    ],
    ['a zero price', { price_per_unit: '0' }, 'Укажите корректную цену за единицу'],
    [
      'a total under 1 000 ₽',
      { amount_crypto: '0.001', price_per_unit: '999999.99' },
      'Минимальная сумма сделки: 1 000 ₽',
    ],
    ['no payment method', { payment_methods: [] }, 'Выберите хотя бы один способ оплаты'],
    [
      'a min limit under 1 000 ₽',
      { min_amount: '999.99' },
      'Минимальный лимит должен быть не менее 1 000 ₽ и не больше общей суммы',
    ],
    [
      'a min limit over the total',
      { min_amount: '5000.01' },
      'Минимальный лимит должен быть не менее 1 000 ₽ и не больше общей суммы',
    ],
    [
      'a max limit over the total',
      { max_amount: '5000.01' },
      'Максимальный лимит должен быть больше минимального и не превышать общую сумму',
    ],
    [
      'a max limit under the min',
      { min_amount: '2000', max_amount: '1999' },
      'Максимальный лимит должен быть больше минимального и не превышать общую сумму',
    ],
    [
      'a description of 501 characters',
      { description: 'ж'.repeat(501) },
      'Описание не должно превышать 500 символов',
    ],
    ['a time limit of 14', { time_limit: 14 }, 'Время сделки должно быть от 15 минут до 24 часов'],
    ['a time limit of 1441', { time_limit: 1441 }, 'Время сделки должно быть от 15 минут до 24 часов'],
    ['a time limit of 20.5', { time_limit: 20.5 }, 'Время сделки должно быть от 15 минут до 24 часов'],
  ])('refuses %s', async (_name, patch, message) => {
    const body = await refused({ ...VALID, ...patch });
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(plain(body.error)).toBe(message);
  });
});

describe('amounts that must be refused', () => {
  it.each([
    ['amount_crypto as a JSON number', { amount_crypto: 0.1 }],
    ['price_per_unit as a JSON number', { price_per_unit: 50000 }],
    ['min_amount as a JSON number', { min_amount: 1000 }],
    ['max_amount as a JSON number', { max_amount: 5000 }],
    ['a negative amount', { amount_crypto: '-0.1' }],
    ['a zero amount', { amount_crypto: '0' }],
    ['an amount with 9 decimals', { amount_crypto: '0.100000001' }],
    ['an exponent amount 1e30', { amount_crypto: '1e30' }],
    ['a huge amount', { amount_crypto: '999999999999999999999999' }],
    ['a huge buy amount', { type: 'buy', amount_crypto: '999999999999999999999999' }],
    [
      'a buy order whose total overflows',
      { type: 'buy', amount_crypto: '90000000000', price_per_unit: '1000000000' },
    ],
    ['a negative price', { price_per_unit: '-50000' }],
    ['a price with 3 decimals', { price_per_unit: '50000.001' }],
    ['a huge price', { price_per_unit: '999999999999999999999999' }],
    ['an exponent price', { price_per_unit: '5e4' }],
    ['a negative min limit', { min_amount: '-1000' }],
    ['a huge max limit', { max_amount: '999999999999999999999999' }],
    ['an unknown coin', { cryptocurrency: 'XRP' }],
    ['an unknown fiat currency', { fiat_currency: 'EUR' }],
    ['an unknown payment method', { payment_methods: ['western-union'] }],
    ['a missing amount', { amount_crypto: undefined }],
  ])('refuses %s with 400', async (_name, patch) => {
    const body = await refused({ ...VALID, ...patch });
    expect(body.code).toBe('VALIDATION_ERROR');
  });

  it('asks for amounts as strings', async () => {
    const body = await refused({ ...VALID, amount_crypto: 0.1 });
    expect(body.error).toBe('Сумма передается строкой, например "0.5"');
  });
});

describe('a sell order the wallet cannot cover', () => {
  it('is refused with 400 INSUFFICIENT_BALANCE and creates no order', async () => {
    const poor = (await createUser(t.ctx)).id;
    await fund(t.ctx, poor, 'BTC', '0.09999999');
    const res = await http.post('/orders', poor, VALID);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_BALANCE' });
    expect(await myOrderCount(poor)).toBe(0);
    expect(await balance(t.ctx, poor)).toEqual({ available: 9_999_999n, locked: 0n });
    // A buy order needs no coins.
    expect((await http.post('/orders', poor, { ...VALID, type: 'buy' })).statusCode).toBe(200);
    expect(await balance(t.ctx, poor)).toEqual({ available: 9_999_999n, locked: 0n });
  });

  it('is refused for a coin the user never held', async () => {
    const res = await http.post('/orders', seller, { ...VALID, cryptocurrency: 'ETH' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
  });
});

describe('a valid order', () => {
  it('is created with the whole order in its answer and locks the reserve of a sell order', async () => {
    const before = await balance(t.ctx, seller);
    const res = await http.post('/orders', seller, {
      ...VALID,
      min_amount: '1000',
      max_amount: '4000',
      description: '  Только Сбер  ',
      time_limit: 45,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: 'Ордер создан' });
    expect(body.data.id).toBe(body.data.order.id);
    expect(body.data.order).toMatchObject({
      user_id: seller,
      type: 'sell',
      cryptocurrency: 'BTC',
      fiat_currency: 'RUB',
      amount_crypto: '0.10000000',
      available_amount: '0.10000000',
      locked_amount: '0.10000000',
      price_per_unit: '50000.00',
      total_amount: '5000.00',
      min_amount: '1000.00',
      max_amount: '4000.00',
      payment_methods: ['sberbank', 'tinkoff'],
      time_limit: 45,
      description: 'Только Сбер',
      status: 'active',
    });
    expect(Date.parse(body.data.order.expires_at) - t.clock.now().getTime()).toBe(30 * 24 * 60 * 60_000);
    expect(await balance(t.ctx, seller)).toEqual({
      available: before.available - BTC / 10n,
      locked: before.locked + BTC / 10n,
    });
  });

  it('honours an Idempotency-Key: one order, one reserve', async () => {
    const before = await balance(t.ctx, seller);
    const count = await myOrderCount();
    const headers = { 'idempotency-key': 'order-retry-1' };
    const a = await http.post('/orders', seller, VALID, headers);
    const b = await http.post('/orders', seller, VALID, headers);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect(await myOrderCount()).toBe(count + 1);
    expect(await balance(t.ctx, seller)).toEqual({
      available: before.available - BTC / 10n,
      locked: before.locked + BTC / 10n,
    });
    const changed = await http.post('/orders', seller, { ...VALID, price_per_unit: '60000' }, headers);
    expect(changed.statusCode).toBe(422);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/orders', payload: VALID });
    expect(res.statusCode).toBe(401);
  });
});
