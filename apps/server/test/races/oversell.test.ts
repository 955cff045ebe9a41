import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { balance, createOrder, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { newSession, newSessions, report, type Session, tally, timed } from './support.ts';

/**
 * Race (b): 200 takers hit one order at once, and the order can fill only 100 of them.
 * The order row lock serializes the openings; the 101st sees nothing left. Never oversold.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const TAKERS = 200;
const FITS = 100;
const TRADE_BTC = 1_000_000n; // 50 000 RUB at 5 000 000 RUB/BTC
// 1.005 BTC: 100 trades of 0.01 fit, and 0.005 BTC stays in the reserve, too little for a 101st.
const ORDER_BTC = 100_500_000n;

function openAll(takers: Session[], orderId: string) {
  return timed(() =>
    Promise.all(
      takers.map((taker) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/trades',
          headers: taker.headers,
          payload: { orderId, amountFiat: '50000', paymentMethod: 'sberbank' },
        }),
      ),
    ),
  );
}

async function tradesOf(orderId: string) {
  return queryRows<{ id: string; taker: string; amount: string; escrow: string }>(
    t.ctx.db,
    sql`SELECT id, CASE WHEN escrow_source = 'order_reserve' THEN buyer_id ELSE seller_id END AS taker,
               amount_crypto::text AS amount, escrow_amount::text AS escrow
        FROM trades WHERE order_id = ${orderId} AND settlement IS NULL`,
  );
}

/** Every response is a 200 with a trade, or a 400 saying the order has too little left. */
function expectOutcomes(res: Awaited<ReturnType<typeof openAll>>['result']) {
  expect(tally(res.map((r) => r.statusCode))).toEqual({ 200: FITS, 400: TAKERS - FITS });
  for (const r of res) {
    if (r.statusCode === 200) expect(r.json().data.trade.amountCrypto).toBe('0.01000000');
    else expect(r.json(), r.body).toMatchObject({ code: 'RULE_VIOLATION' });
  }
}

describe('race (b): 200 takers on one order that fits 100', () => {
  it('a sell order is never oversold; the seller locks exactly reserve + escrow', async () => {
    const seller = await newSession(t, 'os');
    await fund(t.ctx, seller.userId, 'BTC', '1.005');
    const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '1.005' });
    const buyers = await newSessions(t, 'ob', TAKERS);

    const { result, ms } = await openAll(buyers, orderId);
    expectOutcomes(result);

    const order = await findOrder(t.ctx.db, orderId);
    const open = await tradesOf(orderId);
    const inTrades = open.reduce((s, r) => s + BigInt(r.amount), 0n);
    expect(open).toHaveLength(FITS);
    expect(new Set(open.map((r) => r.taker)).size).toBe(FITS);
    expect(inTrades).toBe(BigInt(FITS) * TRADE_BTC);
    expect(order?.availableAmount).toBe(ORDER_BTC - inTrades);
    expect(order?.availableAmount).toBeGreaterThanOrEqual(0n);
    expect(order?.availableAmount).toBe(500_000n);
    // Reserve (what the order still offers) + escrow of the open trades, to the satoshi.
    expect(await balance(t.ctx, seller.userId)).toEqual({
      available: 0n,
      locked: (order?.availableAmount ?? 0n) + inTrades,
    });
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'b1 200 buyers on one sell order', { ...tally(result.map((r) => r.statusCode)) }, ms);
  });

  it('a buy order is never overfilled; each taker-seller locks escrow from their own balance once', async () => {
    const owner = await newSession(t, 'ow');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { type: 'buy', amount_crypto: '1.005' });
    const sellers = await newSessions(t, 'ot', TAKERS);
    for (let i = 0; i < sellers.length; i += 25) {
      await Promise.all(sellers.slice(i, i + 25).map((s) => fund(t.ctx, s.userId, 'BTC', '0.03')));
    }

    const { result, ms } = await openAll(sellers, orderId);
    expectOutcomes(result);

    const order = await findOrder(t.ctx.db, orderId);
    const open = await tradesOf(orderId);
    const takers = new Set(open.map((r) => r.taker));
    expect(open).toHaveLength(FITS);
    expect(takers.size).toBe(FITS);
    expect(order?.availableAmount).toBe(500_000n);
    for (const s of sellers) {
      const expected = takers.has(s.userId)
        ? { available: 3_000_000n - TRADE_BTC, locked: TRADE_BTC }
        : { available: 3_000_000n, locked: 0n };
      expect(await balance(t.ctx, s.userId)).toEqual(expected);
    }
    expect(await balance(t.ctx, owner.userId)).toEqual({ available: 0n, locked: 0n });
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    report(t.ctx, 'b2 200 sellers on one buy order', { ...tally(result.map((r) => r.statusCode)) }, ms);
  });
});
