import type { CreateOrderRequest } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createUser, expectLedgerSound, fund, openTrade } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api } from '../trades/support.ts';

// GET /api/v1/orders, the public book. The whole database of this file is the fixture below,
// so every expectation is the complete answer, not just "contains".

let t: TestApp;
let http: Api;
const id: Record<string, string> = {};

async function place(name: string, patch: Partial<CreateOrderRequest>) {
  const owner = (await createUser(t.ctx)).id;
  if ((patch.type ?? 'sell') === 'sell')
    await fund(t.ctx, owner, patch.cryptocurrency ?? 'BTC', patch.amount_crypto ?? '1');
  const { id: orderId } = await createOrder(t.ctx, owner, { amount_crypto: '1', ...patch });
  id[name] = orderId;
  t.clock.advance(1000);
  return { owner, orderId };
}

beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
  // Placed first, then 30 days pass: expired by the scheduler before the others exist.
  await place('sellExpired', { price_per_unit: '4300000' });
  t.clock.advance(30 * 24 * 60 * 60_000);
  await schedulerOf(t.ctx).tick();

  await place('sellBtcRub1', { price_per_unit: '5100000', payment_methods: ['sberbank', 'tinkoff'] });
  await place('sellBtcRub2', { price_per_unit: '4900000', payment_methods: ['tinkoff'] });
  await place('sellBtcRub3', { price_per_unit: '5000000', payment_methods: ['sberbank', 'wise'] });
  await place('sellBtcUsd', {
    fiat_currency: 'USD',
    price_per_unit: '60000',
    min_amount: '10',
    payment_methods: ['paypal'],
  });
  await place('sellEthRub', {
    cryptocurrency: 'ETH',
    price_per_unit: '300000',
    payment_methods: ['sberbank'],
  });
  await place('buyBtcRub1', { type: 'buy', price_per_unit: '4800000', payment_methods: ['sberbank'] });
  await place('buyBtcRub2', { type: 'buy', price_per_unit: '5050000', payment_methods: ['tinkoff'] });
  await place('buyBtcRub3', {
    type: 'buy',
    price_per_unit: '4950000',
    payment_methods: ['sberbank', 'cash'],
  });

  // Cheaper than everything, but not offered.
  const paused = await place('sellPaused', { price_per_unit: '4000000' });
  await servicesOf(t.ctx).orders.setStatus(paused.owner, paused.orderId, 'paused');
  const deleted = await place('sellDeleted', { price_per_unit: '4100000' });
  await servicesOf(t.ctx).orders.cancel(deleted.owner, deleted.orderId);
  await place('sellTaken', { amount_crypto: '0.01', price_per_unit: '4200000' });
  const taker = (await createUser(t.ctx)).id;
  await openTrade(t.ctx, taker, id.sellTaken as string, '42000');
  // Partly taken, and what is left is worth less than its minimum limit: never offered again.
  await place('sellStranded', { amount_crypto: '0.01', price_per_unit: '4250000', min_amount: '20000' });
  await openTrade(t.ctx, taker, id.sellStranded as string, '30000');
  // Partly taken: still offered, with what is left.
  await openTrade(t.ctx, taker, id.sellBtcRub1 as string, '51000');
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function book(query: string) {
  const res = await http.get(`/orders${query}`, null);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const names = (data.orders as { id: string }[]).map(
    (o) => Object.keys(id).find((k) => id[k] === o.id) ?? o.id,
  );
  return { ...data, names } as {
    names: string[];
    orders: Record<string, unknown>[];
    total: number;
    limit: number;
    offset: number;
    hasNext: boolean;
  };
}

describe('filters and order', () => {
  it.each([
    ['?type=sell&cryptocurrency=BTC&fiat_currency=RUB', ['sellBtcRub2', 'sellBtcRub3', 'sellBtcRub1']],
    ['?type=buy&cryptocurrency=BTC&fiat_currency=RUB', ['buyBtcRub2', 'buyBtcRub3', 'buyBtcRub1']],
    ['?type=buy', ['buyBtcRub2', 'buyBtcRub3', 'buyBtcRub1']],
    ['?type=sell&cryptocurrency=BTC&payment_method=sberbank', ['sellBtcRub3', 'sellBtcRub1']],
    ['?type=sell&payment_method=tinkoff', ['sellBtcRub2', 'sellBtcRub1']],
    ['?payment_method=wise', ['sellBtcRub3']],
    ['?payment_method=cash', ['buyBtcRub3']],
    ['?fiat_currency=USD', ['sellBtcUsd']],
    ['?cryptocurrency=ETH', ['sellEthRub']],
    ['?type=buy&payment_method=wise', []],
  ])('%s -> best price first', async (query, expected) => {
    const res = await book(query);
    expect(res.names).toEqual(expected);
    expect(res.total).toBe(expected.length);
  });

  it('returns every live order and nothing else without filters', async () => {
    const res = await book('?limit=100');
    expect(res.names.sort()).toEqual(
      [
        'buyBtcRub1',
        'buyBtcRub2',
        'buyBtcRub3',
        'sellBtcRub1',
        'sellBtcRub2',
        'sellBtcRub3',
        'sellBtcUsd',
        'sellEthRub',
      ].sort(),
    );
    expect(res.total).toBe(8);
  });

  it.each(['sellPaused', 'sellDeleted', 'sellTaken', 'sellExpired'])('leaves out %s', async (name) => {
    const res = await book('?type=sell&cryptocurrency=BTC&fiat_currency=RUB&limit=100');
    expect(res.names).not.toContain(name);
    // It exists, it is just not offered.
    expect((await http.get(`/orders/${id[name]}`, null)).statusCode).toBe(200);
  });

  it('shows a partly taken order with what it still offers', async () => {
    const res = await book('?type=sell&payment_method=tinkoff');
    const partial = res.orders.find((o) => o.id === id.sellBtcRub1);
    expect(partial).toMatchObject({
      amount_crypto: '1.00000000',
      available_amount: '0.99000000',
      total_amount: '5100000.00',
      available_fiat: '5049000.00',
      status: 'active',
    });
  });

  it('marks the states of the orders it leaves out', async () => {
    const status = async (name: string) => (await http.get(`/orders/${id[name]}`, null)).json().data.status;
    expect(await status('sellPaused')).toBe('paused');
    expect(await status('sellDeleted')).toBe('cancelled');
    expect(await status('sellExpired')).toBe('expired');
    expect(await status('sellTaken')).toBe('active');
  });
});

describe('paging', () => {
  it('pages with limit, offset, total and hasNext', async () => {
    const q = '?type=sell&cryptocurrency=BTC&fiat_currency=RUB';
    const first = await book(`${q}&limit=2`);
    expect(first).toMatchObject({ total: 3, limit: 2, offset: 0, hasNext: true });
    expect(first.names).toEqual(['sellBtcRub2', 'sellBtcRub3']);
    const second = await book(`${q}&limit=2&offset=2`);
    expect(second).toMatchObject({ total: 3, limit: 2, offset: 2, hasNext: false });
    expect(second.names).toEqual(['sellBtcRub1']);
    const past = await book(`${q}&limit=2&offset=10`);
    expect(past).toMatchObject({ total: 3, hasNext: false });
    expect(past.names).toEqual([]);
  });

  it('defaults to 20 per page', async () => {
    expect(await book('')).toMatchObject({ limit: 20, offset: 0, hasNext: false, total: 8 });
  });

  it.each([
    '?type=exchange',
    '?cryptocurrency=XRP',
    '?fiat_currency=UAH',
    '?payment_method=bank',
    '?limit=0',
    '?limit=101',
    '?offset=-1',
  ])('refuses the filter %s with 400', async (query) => {
    const res = await http.get(`/orders${query}`, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});
