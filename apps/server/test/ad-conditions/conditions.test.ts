import type { OrderView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createUser, expectLedgerSound, fund, openTrade } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type Api, api, drive } from '../trades/support.ts';

/** Conditions an order sets for its taker (docs/decisions/028). */

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

const DAY = 24 * 60 * 60_000;
const TAKE = { amountFiat: '5000', paymentMethod: 'sberbank' };

/** A funded owner's sell order of 0.1 BTC with `conditions`, published over HTTP. */
async function orderWith(conditions: Record<string, unknown>) {
  const owner = await createUser(t.ctx);
  await fund(t.ctx, owner.id, 'BTC', '0.1');
  const res = await http.post('/orders', owner.id, {
    type: 'sell',
    cryptocurrency: 'BTC',
    amount_crypto: '0.1',
    price_per_unit: '5000000',
    payment_methods: ['sberbank'],
    ...conditions,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ownerId: owner.id, order: res.json().data.order as OrderView };
}

/** What a refused opening must have left alone: no trade, the order's remainder. */
async function written(orderId: string) {
  const [row] = await queryRows<{ trades: string; available: string }>(
    t.ctx.db,
    sql`SELECT (SELECT COUNT(*) FROM trades WHERE order_id = ${orderId})::text AS trades,
               available_amount::text AS available FROM orders WHERE id = ${orderId}`,
  );
  return row;
}

/** A trade of `buyerId` completed on a fresh seller's order (their completed trades + 1). */
async function completeOneTrade(buyerId: string) {
  const { ownerId, order } = await orderWith({});
  const tradeId = await openTrade(t.ctx, buyerId, order.id);
  await drive(t, { tradeId, buyerId, sellerId: ownerId }, 'COMPLETED');
}

describe('ad conditions', () => {
  it('are stored with the order and shown on it; 0 is no condition', async () => {
    const { order } = await orderWith({ min_taker_trades: 10, min_taker_age_days: 30 });
    expect(order).toMatchObject({
      min_taker_trades: 10,
      min_taker_age_days: 30,
      min_taker_rating: null,
      unrated_taker_allowed: true,
      owner_away: false,
    });
    const none = await orderWith({ min_taker_trades: 0, min_taker_age_days: null });
    expect(none.order).toMatchObject({ min_taker_trades: null, min_taker_age_days: null });
  });

  it('refuses values that are not whole numbers from 0 up, with the field named', async () => {
    const owner = await createUser(t.ctx);
    await fund(t.ctx, owner.id, 'BTC', '0.1');
    const base = { type: 'sell', cryptocurrency: 'BTC', amount_crypto: '0.1', price_per_unit: '5000000' };
    for (const [field, value, message] of [
      ['min_taker_trades', -1, 'Минимум сделок: целое число от 0 до 10 000'],
      ['min_taker_trades', 2.5, 'Минимум сделок: целое число от 0 до 10 000'],
      ['min_taker_age_days', 4000, 'Возраст аккаунта: целое число дней от 0 до 3650'],
    ] as const) {
      const res = await http.post('/orders', owner.id, {
        ...base,
        payment_methods: ['sberbank'],
        [field]: value,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(message);
    }
  });

  it('a taker with fewer completed trades is refused, naming the minimum; nothing is written', async () => {
    const { order } = await orderWith({ min_taker_trades: 1 });
    const taker = await createUser(t.ctx);
    const before = await written(order.id);
    const refused = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error: 'Для этого ордера нужно не менее 1 завершённой сделки: у вас 0',
    });
    expect(await written(order.id)).toEqual({ ...before, trades: '0' });
    const en = await http.post(
      '/trades',
      taker.id,
      { orderId: order.id, ...TAKE },
      { 'accept-language': 'en' },
    );
    expect(en.json().error).toBe('This order requires at least 1 completed trade: you have 0');
    // Once the taker has completed a trade elsewhere, and it is 72 hours old (a counted trade:
    // docs/decisions/035), the order opens for them.
    await completeOneTrade(taker.id);
    const early = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(early.json().error).toBe('Для этого ордера нужно не менее 1 завершённой сделки: у вас 0');
    t.clock.advance(72 * 3_600_000);
    const opened = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it('a taker whose account is younger is refused until the days have passed', async () => {
    const { order } = await orderWith({ min_taker_age_days: 2 });
    const taker = await createUser(t.ctx);
    t.clock.advance(DAY);
    const before = await written(order.id);
    const refused = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error: 'Для этого ордера нужен аккаунт старше 2 дней: вашему 1 день',
    });
    expect(await written(order.id)).toEqual(before);
    t.clock.advance(DAY);
    const opened = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(opened.statusCode, opened.body).toBe(200);
  });

  it("the owner's minimum rating is shown on the order and refused alike", async () => {
    const { ownerId, order } = await orderWith({});
    const saved = await http.put('/users/settings', ownerId, {
      trading: { minRating: 4.5, allowUnrated: false },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const view = await http.get(`/orders/${order.id}`, null);
    expect(view.json().data).toMatchObject({ min_taker_rating: 4.5, unrated_taker_allowed: false });
    const taker = await createUser(t.ctx);
    const before = await written(order.id);
    const refused = await http.post('/trades', taker.id, { orderId: order.id, ...TAKE });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error:
        'Владелец ордера принимает сделки только от пользователей с рейтингом не ниже 4.5: у вас ещё нет оценок.',
    });
    expect(await written(order.id)).toEqual(before);
  });
});
