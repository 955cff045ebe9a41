import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  openTrade,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api, drive, type Reachable } from '../trades/support.ts';

// The owner's side of orders: my orders, statistics, trades of an order, pause and resume.

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const BTC = 100_000_000n;

describe('GET /orders/my', () => {
  it('lists my live, paused, completed and expired orders but not the deleted ones', async () => {
    const me = (await createUser(t.ctx)).id;
    await fund(t.ctx, me, 'BTC', '5');
    const orders = servicesOf(t.ctx).orders;
    const expiring = (await createOrder(t.ctx, me)).id;
    t.clock.advance(30 * 24 * 60 * 60_000);
    await schedulerOf(t.ctx).tick();
    const active = (await createOrder(t.ctx, me)).id;
    const paused = (await createOrder(t.ctx, me)).id;
    await orders.setStatus(me, paused, 'paused');
    const deleted = (await createOrder(t.ctx, me)).id;
    await orders.cancel(me, deleted);
    const filled = (await createOrder(t.ctx, me, { amount_crypto: '0.01' })).id;
    const buyer = (await createUser(t.ctx)).id;
    const trade = await openTrade(t.ctx, buyer, filled, '50000');
    await drive(t, { tradeId: trade, buyerId: buyer, sellerId: me }, 'COMPLETED');
    const bought = (await createOrder(t.ctx, me, { type: 'buy' })).id;
    // Somebody else's order is not mine.
    await sellOrderScenario(t.ctx, '1');

    const res = await http.get('/orders/my', me);
    expect(res.statusCode).toBe(200);
    const mine = new Map(
      (res.json().data.orders as { id: string; status: string }[]).map((o) => [o.id, o.status]),
    );
    expect(Object.fromEntries(mine)).toEqual({
      [expiring]: 'expired',
      [active]: 'active',
      [paused]: 'paused',
      [filled]: 'completed',
      [bought]: 'active',
    });
    expect((await http.get('/orders/my', null)).statusCode).toBe(401);
  });
});

describe('statistics and trades of an order', () => {
  let owner: string;
  let orderId: string;
  let partyBuyer: string;
  const trades: Record<string, string> = {};

  beforeAll(async () => {
    // 1 BTC at 5 000 000 ₽: trades of 0.01 and 0.02 completed, 0.03 open, 0.01 cancelled, 0.05 disputed.
    const scenario = await sellOrderScenario(t.ctx, '1');
    owner = scenario.seller.id;
    orderId = scenario.orderId;
    partyBuyer = scenario.buyer.id;
    const plan: [string, string, Reachable][] = [
      ['done1', '50000', 'COMPLETED'],
      ['done2', '100000', 'COMPLETED'],
      ['open', '150000', 'ESCROW_LOCKED'],
      ['cancelled', '50000', 'CANCELLED'],
      ['disputed', '250000', 'DISPUTED'],
    ];
    for (const [name, fiat, status] of plan) {
      t.clock.advance(1000);
      const tradeId = await openTrade(t.ctx, partyBuyer, orderId, fiat);
      await drive(t, { tradeId, buyerId: partyBuyer, sellerId: owner }, status);
      trades[name] = tradeId;
    }
  });

  it('gives the owner the statistics', async () => {
    const res = await http.get(`/orders/${orderId}/stats`, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      totalTrades: 5,
      totalVolumeCrypto: '0.03000000',
      activeTrades: 2,
      completedTrades: 2,
      // (0.01 + 0.02 + 0.03 + 0.05) / 4, cancelled trades left out
      averageTradeAmount: '0.02750000',
    });
  });

  it('hides the statistics and the trades from anyone else, even a party of its trades', async () => {
    for (const userId of [partyBuyer, (await createUser(t.ctx)).id]) {
      const stats = await http.get(`/orders/${orderId}/stats`, userId);
      expect(stats.statusCode).toBe(403);
      expect(stats.json().code).toBe('FORBIDDEN');
      expect((await http.get(`/orders/${orderId}/trades`, userId)).statusCode).toBe(403);
    }
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await http.get(`/orders/${missing}/stats`, owner)).statusCode).toBe(404);
    expect((await http.get(`/orders/${missing}/trades`, owner)).statusCode).toBe(404);
    expect((await http.get(`/orders/${orderId}/stats`, null)).statusCode).toBe(401);
  });

  it.each([
    ['', ['disputed', 'cancelled', 'open', 'done2', 'done1']],
    ['?status=completed', ['done2', 'done1']],
    ['?status=cancelled', ['cancelled']],
    ['?status=disputed', ['disputed']],
    ['?status=created', ['open']],
    ['?status=payment_pending', []],
  ])('lists the trades of the order %s', async (query, expected) => {
    const res = await http.get(`/orders/${orderId}/trades${query}`, owner);
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json().data.trades as { id: string }[]).map((tr) =>
      Object.keys(trades).find((k) => trades[k] === tr.id),
    );
    expect(names).toEqual(expected);
    expect(res.json().data.total).toBe(expected.length);
    for (const tr of res.json().data.trades) expect(tr.userRole).toBe('seller');
  });

  it('pages the trades of the order and refuses an unknown status filter', async () => {
    const page = await http.get(`/orders/${orderId}/trades?limit=2&offset=2`, owner);
    expect(page.json().data).toMatchObject({ total: 5, limit: 2, offset: 2, hasNext: true });
    expect(page.json().data.trades.map((tr: { id: string }) => tr.id)).toEqual([trades.open, trades.done2]);
    expect((await http.get(`/orders/${orderId}/trades?status=lost`, owner)).statusCode).toBe(400);
  });
});

describe('PUT /orders/{id}/settings', () => {
  it('pauses an order: no new trades, the reserve stays locked; resuming offers it again', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const inBook = async () =>
      ((await http.get('/orders?type=sell&limit=100', null)).json().data.orders as { id: string }[]).some(
        (o) => o.id === orderId,
      );
    expect(await inBook()).toBe(true);

    const paused = await http.put(`/orders/${orderId}/settings`, seller.id, { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({ id: orderId, status: 'paused', locked_amount: '1.00000000' });
    expect(await inBook()).toBe(false);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });

    const refused = await http.post('/trades', buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('RULE_VIOLATION');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
    expect((await http.get(`/orders/${orderId}`, null)).json().data.available_amount).toBe('1.00000000');
    expect((await http.get(`/orders/${orderId}/trades`, seller.id)).json().data.total).toBe(0);

    const resumed = await http.put(`/orders/${orderId}/settings`, seller.id, { status: 'active' });
    expect(resumed.json().data.status).toBe('active');
    expect(await inBook()).toBe(true);
    const opened = await http.post('/trades', buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
  });

  it('is refused with 403 to anyone but the owner, and changes nothing', async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const res = await http.put(`/orders/${orderId}/settings`, buyer.id, { status: 'paused' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await http.get(`/orders/${orderId}`, null)).json().data.status).toBe('active');
  });

  it('accepts only active or paused, and not on a closed order', async () => {
    const { seller, orderId } = await sellOrderScenario(t.ctx, '1');
    for (const status of ['completed', 'cancelled', 'expired', 'PAUSED']) {
      expect((await http.put(`/orders/${orderId}/settings`, seller.id, { status })).statusCode).toBe(400);
    }
    expect((await http.get(`/orders/${orderId}`, null)).json().data.status).toBe('active');
    await http.del(`/orders/${orderId}`, seller.id);
    const closed = await http.put(`/orders/${orderId}/settings`, seller.id, { status: 'active' });
    expect(closed.statusCode).toBe(409);
    expect((await http.get(`/orders/${orderId}`, null)).json().data.status).toBe('cancelled');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
    const missing = await http.put('/orders/00000000-0000-4000-8000-000000000000/settings', seller.id, {
      status: 'paused',
    });
    expect(missing.statusCode).toBe(404);
  });
});
