import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { inBatches, newSession, report, type Session, tally, timed } from './support.ts';

/**
 * Race: a new account (2 open purchases at most, docs/decisions/023 "Limits") opens trades on
 * ten sell orders at once, the griefing the limits stop. The admission statement takes the
 * buyer's limits lock; the statement that writes the trade counts the buyer's open trades
 * again, after every earlier opening for the same buyer committed. Exactly two succeed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const ATTEMPTS = 10;

/** Funded sellers' sell orders of 0.1 BTC at 5 000 000 ₽. */
function sellOrders(n: number) {
  return inBatches(n, 5, async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '0.1');
    return (await createOrder(t.ctx, seller.id, { amount_crypto: '0.1' })).id;
  });
}

function openAll(taker: Session, orderIds: string[]) {
  return timed(() =>
    Promise.all(
      orderIds.map((orderId) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/trades',
          headers: taker.headers,
          payload: { orderId, amountFiat: '5000', paymentMethod: 'sberbank' },
        }),
      ),
    ),
  );
}

async function openAsBuyer(buyerId: string) {
  const [row] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`SELECT COUNT(*)::int AS n FROM trades WHERE buyer_id = ${buyerId}::uuid AND settlement IS NULL`,
  );
  return Number(row?.n);
}

describe('concurrent openings by one new account', () => {
  it('on ten sell orders at once: exactly two open, the rest are refused by the limit', async () => {
    const buyer = await newSession(t, 'griefer');
    const orders = await sellOrders(ATTEMPTS);
    const { result, ms } = await openAll(buyer, orders);
    const statuses = tally(result.map((r) => r.statusCode));
    report(t.ctx, 'new account opens 10 trades at once', statuses, ms);
    expect(statuses).toEqual({ 200: 2, 403: ATTEMPTS - 2 });
    for (const r of result.filter((x) => x.statusCode === 403)) {
      expect(r.json(), r.body).toMatchObject({
        code: 'LIMIT_REACHED',
        details: { limit: 'open_trades', max: 2 },
      });
    }
    expect(await openAsBuyer(buyer.userId)).toBe(2);
  });

  it('on one order at once: the same two', async () => {
    const buyer = await newSession(t, 'griefer');
    const [orderId] = await sellOrders(1);
    const { result, ms } = await openAll(buyer, Array(ATTEMPTS).fill(orderId));
    const statuses = tally(result.map((r) => r.statusCode));
    report(t.ctx, 'new account opens 10 trades on one order', statuses, ms);
    expect(statuses).toEqual({ 200: 2, 403: ATTEMPTS - 2 });
    expect(await openAsBuyer(buyer.userId)).toBe(2);
  });

  it("ten sellers taking a new account's buy order and its owner buying at once: two trades in all", async () => {
    const owner = await newSession(t, 'owner');
    const { id: buyOrderId } = await createOrder(t.ctx, owner.userId, { type: 'buy', amount_crypto: '0.1' });
    const sellers = await inBatches(ATTEMPTS, 5, async () => {
      const seller = await newSession(t, 'seller');
      await fund(t.ctx, seller.userId, 'BTC', '0.01');
      return seller;
    });
    const [sellOrderId] = await sellOrders(1);
    const { result, ms } = await timed(() =>
      Promise.all([
        ...sellers.map((seller) =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/trades',
            headers: seller.headers,
            payload: { orderId: buyOrderId, amountFiat: '5000', paymentMethod: 'sberbank' },
          }),
        ),
        t.app.inject({
          method: 'POST',
          url: '/api/v1/trades',
          headers: owner.headers,
          payload: { orderId: sellOrderId, amountFiat: '5000', paymentMethod: 'sberbank' },
        }),
      ]),
    );
    const statuses = tally(result.map((r) => r.statusCode));
    report(t.ctx, "sellers take a new account's buy order", statuses, ms);
    expect(statuses).toEqual({ 200: 2, 403: ATTEMPTS - 1 });
    expect(await openAsBuyer(owner.userId)).toBe(2);
  });
});
