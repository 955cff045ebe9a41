import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TradeRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';

/**
 * The history of the payer accounts named at «Я оплатил» (docs/decisions/023, section 7a), kept
 * in rows (docs/decisions/052): `payer_accounts` per fingerprint (completed trades, distinct
 * sellers and buyers, first seen) and `payer_account_parties` (each buyer's and seller's trades
 * paid from it). The transition that names an account or completes a trade paid from one moves
 * them in its own statement (`payerAccountChanges`); a trade view reads them with two index
 * lookups (`payerHistorySql`), however many trades the account paid.
 */

/** The trade as a transition leaves it, as far as its payer account goes. */
interface PayerSide {
  buyerId: string;
  sellerId: string;
  status: TradeRow['status'];
  payerFingerprint: string | null;
  paidAt: Date | null;
}

/**
 * The transition's CTEs that move the counters, from the trade before it (`before`) to after it
 * (`after`): none when neither the account nor the trade's completion changes. An account is
 * named once (mark_paid); naming another one on the same trade is a bug, not a case.
 */
export function payerAccountChanges(before: PayerSide, after: PayerSide): SQL[] {
  const fingerprint = after.payerFingerprint;
  if (!fingerprint) return [];
  const completed = (t: PayerSide) => (t.status === 'COMPLETED' ? 1 : 0);
  if (before.payerFingerprint === fingerprint) {
    const delta = completed(after) - completed(before);
    if (delta === 0) return [];
    return [
      sql`payer_completed AS (UPDATE payer_accounts SET completed = completed + ${delta}::int
        WHERE fingerprint = ${fingerprint}::text)`,
    ];
  }
  assert(before.payerFingerprint === null, 'a trade names its payer account once');
  // A party's first trade with the account leaves its row at 1: one more distinct party. The
  // party rows are upserted before the account's row (the account's insert reads them), so
  // two transitions on one account lock their shared rows in the same order.
  const party = (name: string, role: 'buyer' | 'seller', userId: string) =>
    sql`${sql.raw(name)} AS (INSERT INTO payer_account_parties AS p (fingerprint, role, user_id, trades)
      VALUES (${fingerprint}::text, ${role}::text, ${userId}::uuid, 1)
      ON CONFLICT (fingerprint, role, user_id) DO UPDATE SET trades = p.trades + 1
      RETURNING p.trades)`;
  return [
    party('payer_buyer', 'buyer', after.buyerId),
    party('payer_seller', 'seller', after.sellerId),
    sql`payer_account AS (INSERT INTO payer_accounts AS a (fingerprint, completed, sellers, buyers, first_seen)
      SELECT ${fingerprint}::text, ${completed(after)}::int,
             (SELECT (trades = 1)::int FROM payer_seller), (SELECT (trades = 1)::int FROM payer_buyer),
             ${after.paidAt?.toISOString() ?? null}::timestamptz
      ON CONFLICT (fingerprint) DO UPDATE SET completed = a.completed + EXCLUDED.completed,
        sellers = a.sellers + EXCLUDED.sellers, buyers = a.buyers + EXCLUDED.buyers,
        first_seen = LEAST(a.first_seen, EXCLUDED.first_seen))`,
  ];
}

/**
 * The history of each trade's payer account as the seller sees it, for the trades (`ofTrades`,
 * a condition on `t0`) whose buyer is not the viewer: the account's other trades that completed,
 * the sellers of its other trades, the buyers other than this trade's, and when it was first
 * seen. This trade is one of the account's: its own completion and its buyer come off, and its
 * seller when this is that seller's only trade paid from the account.
 */
export const payerHistorySql = (ofTrades: SQLWrapper, viewerId: Placeholder) => sql`
  SELECT t0.id AS trade_id,
         a.completed - (t0.status = 'COMPLETED')::int AS completed,
         a.sellers - COALESCE((ps.trades = 1)::int, 0) AS sellers,
         a.buyers - 1 AS other_buyers,
         a.first_seen
  FROM trades t0
  JOIN payer_accounts a ON a.fingerprint = t0.payer_fingerprint
  LEFT JOIN payer_account_parties ps
    ON ps.fingerprint = t0.payer_fingerprint AND ps.role = 'seller' AND ps.user_id = t0.seller_id
  WHERE ${ofTrades} AND t0.payer_fingerprint IS NOT NULL AND t0.buyer_id <> ${viewerId}::uuid`;
