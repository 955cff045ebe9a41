import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { tradeViewContext } from '../../src/modules/trades/trade-view.repository.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { api } from '../trades/support.ts';

/**
 * The payer accounts' history kept in rows (docs/decisions/052): whatever the trades paid from
 * an account did (completed, cancelled after the payment, several buyers and sellers, payments
 * marked at once), the history a seller is shown equals the history counted over the trades,
 * and the counters equal a recount.
 */

let t: TestApp;
let http: ReturnType<typeof api>;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

/** The history of `tradeId`'s account counted over the trades, as the view read it before. */
async function countedHistory(tradeId: string, viewerId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.ctx.db,
    sql`SELECT COUNT(h.id) FILTER (WHERE h.id <> t0.id AND h.status = 'COMPLETED')::int AS completed,
               COUNT(DISTINCT h.seller_id) FILTER (WHERE h.id <> t0.id)::int AS sellers,
               COUNT(DISTINCT h.buyer_id) FILTER (WHERE h.buyer_id <> t0.buyer_id)::int AS other_buyers,
               MIN(h.paid_at) AS first_seen
        FROM trades t0 JOIN trades h ON h.payer_fingerprint = t0.payer_fingerprint
        WHERE t0.id = ${tradeId}::uuid AND t0.buyer_id <> ${viewerId}::uuid
        GROUP BY t0.id`,
  );
  return row
    ? {
        completed: row.completed,
        sellers: row.sellers,
        other_buyers: row.other_buyers,
        first_seen: new Date(row.first_seen as string).toISOString(),
      }
    : undefined;
}

/** The history the trade view reads for the seller of `trade`. */
async function shownHistory(trade: { tradeId: string; buyerId: string; sellerId: string }) {
  const view = await tradeViewContext(t.ctx.db, {
    viewerId: trade.sellerId,
    now: t.clock.now(),
    userIds: [trade.buyerId, trade.sellerId],
    tradeIds: [trade.tradeId],
    partyTradeIds: [trade.tradeId],
    disputedIds: [],
  });
  const row = view.payers.get(trade.tradeId);
  return row
    ? {
        completed: Number(row.completed),
        sellers: Number(row.sellers),
        other_buyers: Number(row.other_buyers),
        first_seen: row.first_seen ? new Date(row.first_seen).toISOString() : null,
      }
    : undefined;
}

/** The counter rows against a recount from the trades (the migration's own backfill). */
async function drift() {
  return queryRows(
    t.ctx.db,
    sql`WITH recount AS (
          SELECT payer_fingerprint AS fingerprint, 'buyer' AS role, buyer_id AS user_id, COUNT(*)::int AS trades,
                 COUNT(*) FILTER (WHERE status = 'COMPLETED')::int AS completed, MIN(paid_at) AS first_seen
          FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY 1, 3
          UNION ALL
          SELECT payer_fingerprint, 'seller', seller_id, COUNT(*)::int,
                 COUNT(*) FILTER (WHERE status = 'COMPLETED')::int, MIN(paid_at)
          FROM trades WHERE payer_fingerprint IS NOT NULL GROUP BY 1, 3)
        SELECT r.fingerprint, r.role, r.user_id, q.fingerprint AS kept FROM recount r
          FULL JOIN payer_account_parties q
            ON q.fingerprint = r.fingerprint AND q.role = r.role AND q.user_id = r.user_id
          WHERE (r.trades, r.completed, r.first_seen) IS DISTINCT FROM (q.trades, q.completed, q.first_seen)`,
  );
}

const ACCOUNTS = [
  { bank: 'sberbank', last4: '1111', name: 'Ольга Н.' },
  { bank: 'sberbank', last4: '2222', name: 'Пётр К.' },
  { bank: 'tinkoff', last4: '3333', name: 'Анна С.' },
];

describe('the payer accounts history kept in rows', () => {
  it('equals the history counted over the trades, whatever the trades did', async () => {
    const sellers = [];
    for (let i = 0; i < 2; i++) {
      const seller = await createUser(t.ctx);
      await fund(t.ctx, seller.id, 'BTC', '1');
      const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
      sellers.push({ seller, orderId });
    }
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push(await createUser(t.ctx));
    // Each trade: its seller, its buyer, the account named (none: never paid), what follows.
    const script: [number, number, number | null, 'complete' | 'cancel' | 'stay'][] = [
      [0, 0, 0, 'complete'],
      [0, 0, 0, 'complete'], // the same seller twice from one account
      [1, 0, 0, 'stay'],
      [1, 1, 0, 'cancel'], // a second buyer on the account, cancelled after paying
      [0, 1, 1, 'complete'],
      [1, 2, 1, 'stay'],
      [0, 2, null, 'cancel'], // never paid: no account
      [1, 2, 2, 'complete'],
    ];
    const trades = [];
    for (const [s, b, account, then] of script) {
      const { seller, orderId } = sellers[s] as (typeof sellers)[number];
      const buyer = buyers[b] as (typeof buyers)[number];
      const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
      const trade = { tradeId, buyerId: buyer.id, sellerId: seller.id };
      trades.push(trade);
      t.clock.advance(60_000);
      if (account !== null) {
        const paid = await http.act(tradeId, buyer.id, 'mark_paid', { payer: ACCOUNTS[account] });
        expect(paid.statusCode, paid.body).toBe(200);
      }
      if (then === 'complete') {
        expect((await http.act(tradeId, seller.id, 'confirm_payment')).statusCode).toBe(200);
        expect((await http.act(tradeId, seller.id, 'release_crypto')).statusCode).toBe(200);
      } else if (then === 'cancel') {
        expect((await http.act(tradeId, buyer.id, 'cancel_trade')).statusCode).toBe(200);
      }
      // After every step, for every trade so far, the view's history is the counted one.
      for (const each of trades)
        expect(await shownHistory(each)).toEqual(await countedHistory(each.tradeId, each.sellerId));
    }
    // The buyer sees no history of their own account.
    const [first] = trades as [(typeof trades)[number]];
    const own = await tradeViewContext(t.ctx.db, {
      viewerId: first.buyerId,
      now: t.clock.now(),
      userIds: [first.buyerId, first.sellerId],
      tradeIds: [first.tradeId],
      partyTradeIds: [first.tradeId],
      disputedIds: [],
    });
    expect(own.payers.size).toBe(0);
    // By hand, the third trade (account 0, seller 1, buyer 0): the account's other trades are two
    // completed of seller 0 and buyer 0, and one of seller 1 and buyer 1, cancelled.
    expect(await shownHistory(trades[2] as (typeof trades)[number])).toMatchObject({
      completed: 2,
      sellers: 2,
      other_buyers: 1,
    });
    expect(await drift()).toEqual([]);
    // The migration's backfill, run on the trades so far, writes the same counters.
    const migration = readFileSync(
      new URL('../../src/db/migrations/0057_payer_accounts.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.slice(
      migration.indexOf('-- The history so far.'),
      migration.indexOf('-- Nothing reads the trades by their payer account'),
    );
    await queryRows(t.ctx.db, sql`DELETE FROM payer_account_parties`);
    for (const statement of backfill.split(';').filter((s) => s.replace(/--.*$/gm, '').trim()))
      await queryRows(t.ctx.db, sql.raw(statement));
    expect(await queryRows(t.ctx.db, sql`SELECT 1 FROM payer_account_parties`)).not.toEqual([]);
    expect(await drift()).toEqual([]);
  });

  it('counts each buyer once when several pay from one account at the same moment', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    const opened = [];
    for (let i = 0; i < 4; i++) {
      const buyer = await createUser(t.ctx);
      opened.push({
        tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000'),
        buyerId: buyer.id,
        sellerId: seller.id,
      });
    }
    const account = { bank: 'tinkoff', last4: '4444', name: 'Общий Счёт' };
    const answers = await Promise.all(
      opened.map((o) => http.act(o.tradeId, o.buyerId, 'mark_paid', { payer: account })),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    for (const o of opened) {
      expect(await shownHistory(o)).toMatchObject({ completed: 0, sellers: 1, other_buyers: 3 });
      expect(await shownHistory(o)).toEqual(await countedHistory(o.tradeId, o.sellerId));
    }
    expect(await drift()).toEqual([]);
  });
});
