import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { balance, createUser, expectLedgerSound, fund, secondFactor } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { tally } from '../races/support.ts';
import { swapApi } from './support.ts';

/**
 * Takers racing on one swap offer (docs/decisions/026). On PostgreSQL each take runs on its own
 * connection and they really compete for the offer's row lock; the offer is never oversold.
 */

let t: TestApp;
let stub: PriceStub;
let s: ReturnType<typeof swapApi>;
beforeAll(async () => {
  stub = await startPriceStub();
  t = await createTestApp({ ...LAX_TRADE_LIMITS, PRICE_API_URL: stub.url });
  s = swapApi(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  await stub.close();
});

async function swapsOf(orderId: string) {
  return queryRows<{ taker: string; amount: string }>(
    t.ctx.db,
    sql`SELECT taker_id AS taker, amount_crypto::text AS amount FROM swaps WHERE order_id = ${orderId}`,
  );
}

describe('takers racing on one swap offer', () => {
  it('two takes that together exceed the offer: one settles, the other is refused', async () => {
    const maker = await createUser(t.ctx);
    await fund(t.ctx, maker.id, 'BTC', '0.01');
    const orderId = (await s.publish(maker.id, { amount_crypto: '0.01' })).json().data.id as string;
    const takers = await Promise.all([createUser(t.ctx), createUser(t.ctx)]);
    for (const taker of takers) await fund(t.ctx, taker.id, 'USDT', '1000');
    const codes = await Promise.all(takers.map((taker) => secondFactor(t.ctx, taker.id)));

    const res = await Promise.all(
      takers.map((taker, i) => s.take(taker.id, orderId, { amount_crypto: '0.007', totp_code: codes[i] })),
    );
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 200: 1, 400: 1 });
    const refused = res.find((r) => r.statusCode === 400);
    expect(refused?.json().code).toBe('RULE_VIOLATION');

    const fills = await swapsOf(orderId);
    expect(fills).toHaveLength(1);
    const order = await findOrder(t.ctx.db, orderId);
    expect(order?.availableAmount).toBe(300_000n);
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 0n, locked: 300_000n });
    expect(await balance(t.ctx, maker.id, 'USDT')).toEqual({ available: 67_900_000_000n, locked: 0n });
    expect(await auditLedger(t.ctx.db)).toEqual([]);
  });

  it('ten takers on an offer that fits three: exactly three settle, the sum holds', async () => {
    const maker = await createUser(t.ctx);
    await fund(t.ctx, maker.id, 'BTC', '0.01');
    const orderId = (await s.publish(maker.id, { amount_crypto: '0.01' })).json().data.id as string;
    const takers = await Promise.all(Array.from({ length: 10 }, () => createUser(t.ctx)));
    for (const taker of takers) await fund(t.ctx, taker.id, 'USDT', '1000');
    const codes = await Promise.all(takers.map((taker) => secondFactor(t.ctx, taker.id)));

    const res = await Promise.all(
      takers.map((taker, i) => s.take(taker.id, orderId, { amount_crypto: '0.003', totp_code: codes[i] })),
    );
    expect(tally(res.map((r) => r.statusCode))).toEqual({ 200: 3, 400: 7 });
    const fills = await swapsOf(orderId);
    expect(fills).toHaveLength(3);
    expect(new Set(fills.map((f) => f.taker)).size).toBe(3);
    const order = await findOrder(t.ctx.db, orderId);
    expect(order?.availableAmount).toBe(100_000n);
    expect(await auditLedger(t.ctx.db)).toEqual([]);
  });
});
