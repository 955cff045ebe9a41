import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { balance, createOrder, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { newSession, report, type Session, tally, timed } from './support.ts';

/**
 * Race (c): one client retries POST /trades with the same Idempotency-Key 50 times at once.
 * The first request claims the key (its unique index); the others wait on it and answer the
 * stored result. One trade, one escrow, whatever the interleaving.
 */

let t: TestApp;
beforeAll(async () => {
  // 100 000 ₽ passes a new account's size limit (ADR 023); the race here is the key's.
  t = await createTestApp(LAX_TRADE_LIMITS);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const TIMES = 50;
const TRADE_BTC = 1_000_000n;

function post(who: Session, key: string, orderId: string, amountFiat = '50000') {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/trades',
    headers: { ...who.headers, 'idempotency-key': key },
    payload: { orderId, amountFiat, paymentMethod: 'sberbank' },
  });
}

async function tradeRows(orderId: string, takerId: string) {
  return queryRows<{ id: string }>(
    t.ctx.db,
    sql`SELECT id FROM trades WHERE order_id = ${orderId} AND (buyer_id = ${takerId} OR seller_id = ${takerId})`,
  );
}

async function keyRows(userId: string) {
  const [row] = await queryRows<{ n: string }>(
    t.ctx.db,
    sql`SELECT COUNT(*)::text AS n FROM idempotency_keys WHERE user_id = ${userId} AND scope = 'trades.create'`,
  );
  return Number(row?.n);
}

describe('race (c): one Idempotency-Key sent 50 times at once', () => {
  it('on a sell order: 50 x 200 with the same tradeId, one trade, the reserve carved once', async () => {
    const seller = await newSession(t, 'is');
    const buyer = await newSession(t, 'ib');
    await fund(t.ctx, seller.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '1' });

    const { result, ms } = await timed(() =>
      Promise.all(Array.from({ length: TIMES }, () => post(buyer, 'retry-sell-1', orderId))),
    );
    expect(tally(result.map((r) => r.statusCode))).toEqual({ 200: TIMES });
    const ids = new Set(result.map((r) => r.json().tradeId as string));
    expect(ids.size).toBe(1);
    const [tradeId] = ids;
    for (const r of result) expect(r.json().data.trade.id).toBe(tradeId);

    expect((await tradeRows(orderId, buyer.userId)).map((r) => r.id)).toEqual([tradeId]);
    expect(await keyRows(buyer.userId)).toBe(1);
    expect((await findOrder(t.ctx.db, orderId))?.availableAmount).toBe(100_000_000n - TRADE_BTC);
    expect(await balance(t.ctx, seller.userId)).toEqual({ available: 0n, locked: 100_000_000n });
    report(t.ctx, 'c1 same key x50 on a sell order', { ok: TIMES, distinctTradeIds: ids.size }, ms);
  });

  it('on a buy order: the taker-seller escrow is locked from their balance exactly once', async () => {
    const owner = await newSession(t, 'io');
    const taker = await newSession(t, 'it');
    await fund(t.ctx, taker.userId, 'BTC', '0.05');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { type: 'buy', amount_crypto: '1' });

    const { result, ms } = await timed(() =>
      Promise.all(Array.from({ length: TIMES }, () => post(taker, 'retry-buy-1', orderId))),
    );
    expect(tally(result.map((r) => r.statusCode))).toEqual({ 200: TIMES });
    const ids = new Set(result.map((r) => r.json().tradeId as string));
    expect(ids.size).toBe(1);
    expect(await tradeRows(orderId, taker.userId)).toHaveLength(1);
    expect(await balance(t.ctx, taker.userId)).toEqual({
      available: 5_000_000n - TRADE_BTC,
      locked: TRADE_BTC,
    });
    expect((await findOrder(t.ctx.db, orderId))?.availableAmount).toBe(100_000_000n - TRADE_BTC);
    report(t.ctx, 'c2 same key x50 on a buy order', { ok: TIMES, distinctTradeIds: ids.size }, ms);
  });

  it('the same key with two different bodies: one trade; the other body is refused, never run', async () => {
    const seller = await newSession(t, 'ms');
    const buyer = await newSession(t, 'mb');
    await fund(t.ctx, seller.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '1' });

    const bodies = Array.from({ length: TIMES }, (_, i) => (i % 2 === 0 ? '50000' : '100000'));
    const { result, ms } = await timed(() =>
      Promise.all(bodies.map((amount) => post(buyer, 'retry-mixed-1', orderId, amount))),
    );
    const winner = bodies[result.findIndex((r) => r.statusCode === 200)];
    result.forEach((r, i) => {
      if (bodies[i] === winner) expect(r.statusCode).toBe(200);
      else expect(r.json(), r.body).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    });
    expect(new Set(result.filter((r) => r.statusCode === 200).map((r) => r.json().tradeId)).size).toBe(1);
    expect(await tradeRows(orderId, buyer.userId)).toHaveLength(1);
    const traded = winner === '50000' ? TRADE_BTC : 2n * TRADE_BTC;
    expect((await findOrder(t.ctx.db, orderId))?.availableAmount).toBe(100_000_000n - traded);
    report(t.ctx, 'c3 same key, two bodies x25', { ...tally(result.map((r) => r.statusCode)) }, ms);
  });
});
