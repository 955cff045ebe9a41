import { type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TradeRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';

/**
 * The history of the payer accounts named at «Я оплатил» (docs/decisions/023, section 7a), kept
 * in rows (docs/decisions/052): `payer_account_parties`, one per account (fingerprint) and party
 * of its trades, with that party's trades paid from it, how many completed, and when it was first
 * named. The transition that names an account or completes a trade paid from one moves its two
 * rows (its buyer's and its seller's) in its own statement (`payerAccountChanges`); a trade view
 * adds up the account's rows (`payerHistorySql`): one per counterparty, however many trades.
 */

/** The trade before or after a transition, as far as its payer account goes. */
interface PayerSide {
  buyerId: string;
  sellerId: string;
  status: TradeRow['status'];
  payerFingerprint: string | null;
  paidAt: Date | null;
}

/**
 * The transition's CTE that moves the counters, from the trade before it (`before`) to after it
 * (`after`): none when neither the account nor the trade's completion changes. An account is
 * named once (mark_paid); naming another one on the same trade is a bug, not a case. Both
 * statements take the buyer's row before the seller's ('buyer' sorts first), so two transitions
 * never wait on each other's rows in opposite orders.
 */
export function payerAccountChanges(before: PayerSide, after: PayerSide): SQL[] {
  const fingerprint = after.payerFingerprint;
  if (!fingerprint) return [];
  const completed = (t: PayerSide) => (t.status === 'COMPLETED' ? 1 : 0);
  const row = (role: 'buyer' | 'seller', userId: string) =>
    sql`(${fingerprint}::text, ${role}::text, ${userId}::uuid, 1, ${completed(after)}::int,
      ${after.paidAt?.toISOString() ?? null}::timestamptz)`;
  if (before.payerFingerprint === fingerprint) {
    const delta = completed(after) - completed(before);
    if (delta === 0) return [];
    // The rows are locked in (role, user id) order before the update touches them: an UPDATE
    // alone locks them in the order its scan meets them, which can be where they lie in the
    // table, and a completion and a mark_paid of two trades between the same two parties then
    // took them in opposite orders and deadlocked (docs/decisions/056).
    return [
      sql`payer_held AS MATERIALIZED (SELECT fingerprint, role, user_id FROM payer_account_parties
        WHERE fingerprint = ${fingerprint}::text
          AND (role, user_id) IN (('buyer', ${after.buyerId}::uuid), ('seller', ${after.sellerId}::uuid))
        ORDER BY role, user_id FOR UPDATE)`,
      sql`payer_completed AS (UPDATE payer_account_parties p SET completed = p.completed + ${delta}::int
        FROM payer_held h WHERE p.fingerprint = h.fingerprint AND p.role = h.role AND p.user_id = h.user_id)`,
    ];
  }
  assert(before.payerFingerprint === null, 'a trade names its payer account once');
  return [
    sql`payer_named AS (INSERT INTO payer_account_parties AS p (fingerprint, role, user_id, trades, completed, first_seen)
      VALUES ${row('buyer', after.buyerId)}, ${row('seller', after.sellerId)}
      ON CONFLICT (fingerprint, role, user_id) DO UPDATE SET trades = p.trades + 1,
        completed = p.completed + EXCLUDED.completed, first_seen = LEAST(p.first_seen, EXCLUDED.first_seen))`,
  ];
}

/**
 * The history of each trade's payer account as the seller sees it, for the trades (`ofTrades`,
 * a condition on `t0`) whose buyer is not the viewer, from the account's rows: its other trades
 * that completed, the sellers of its other trades, the buyers other than this trade's, and when
 * it was first seen. This trade is one of the account's: its own completion comes off, and its
 * seller when this is that seller's only trade paid from the account.
 */
export const payerHistorySql = (ofTrades: SQLWrapper, viewerId: Placeholder) => sql`
  SELECT t0.id AS trade_id,
         COALESCE(SUM(p.completed) FILTER (WHERE p.role = 'seller'), 0) - (t0.status = 'COMPLETED')::int AS completed,
         COUNT(*) FILTER (WHERE p.role = 'seller' AND NOT (p.user_id = t0.seller_id AND p.trades = 1)) AS sellers,
         COUNT(*) FILTER (WHERE p.role = 'buyer' AND p.user_id <> t0.buyer_id) AS other_buyers,
         MIN(p.first_seen) AS first_seen
  FROM trades t0
  JOIN payer_account_parties p ON p.fingerprint = t0.payer_fingerprint
  WHERE ${ofTrades} AND t0.payer_fingerprint IS NOT NULL AND t0.buyer_id <> ${viewerId}::uuid
  GROUP BY t0.id`;
