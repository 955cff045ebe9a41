import type { Actor, TradeAction } from '@p2p/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';
import { REPUTATION_COLUMNS, REPUTATION_FROM_STATS } from './reputation.ts';

/**
 * Reputation counters (table user_stats, orders.completed_trades), kept in the transaction
 * of the change they count so that reading a reputation costs one indexed row
 * (docs/decisions/019-order-book-performance.md). Each counter reproduces exactly one part
 * of REPUTATION_COLUMNS, the recomputation from history that the audit compares them with.
 */

/** Every user's counters recomputed from trades, their actions and reviews (set-based). */
export const USER_STATS_FROM_HISTORY = `
SELECT x.user_id,
       SUM(x.rating)::bigint AS rating_sum,
       SUM(x.reviews)::bigint AS reviews_count,
       SUM(x.completed)::bigint AS completed_trades,
       SUM(x.failed)::bigint AS failed_trades,
       SUM(x.release_s) AS release_seconds,
       SUM(x.release_n)::bigint AS release_count,
       SUM(x.response_s) AS response_seconds,
       SUM(x.response_n)::bigint AS response_count,
       SUM(x.disputes)::bigint AS dispute_count
FROM (
  SELECT r.subject_id AS user_id, r.rating AS rating, 1 AS reviews, 0 AS completed, 0 AS failed,
         0::numeric AS release_s, 0 AS release_n, 0::numeric AS response_s, 0 AS response_n, 0 AS disputes
  FROM reviews r
  UNION ALL
  SELECT p.user_id, 0, 0,
         (t.status = 'COMPLETED')::int,
         0,
         CASE WHEN p.seller AND t.status = 'COMPLETED' AND t.paid_at IS NOT NULL AND t.completed_at IS NOT NULL
              THEN EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)) ELSE 0 END,
         (p.seller AND t.status = 'COMPLETED' AND t.paid_at IS NOT NULL AND t.completed_at IS NOT NULL)::int,
         CASE WHEN NOT p.seller AND t.paid_at IS NOT NULL THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at))
              WHEN p.seller AND t.confirmed_at IS NOT NULL AND t.paid_at IS NOT NULL
              THEN EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at)) ELSE 0 END,
         ((NOT p.seller AND t.paid_at IS NOT NULL)
           OR (p.seller AND t.confirmed_at IS NOT NULL AND t.paid_at IS NOT NULL))::int,
         (t.disputed_at IS NOT NULL)::int
  FROM trades t CROSS JOIN LATERAL (VALUES (t.buyer_id, false), (t.seller_id, true)) p(user_id, seller)
  UNION ALL
  SELECT f.user_id, 0, 0, 0, 1, 0, 0, 0, 0, 0
  FROM (
    SELECT a.actor_id AS user_id, a.trade_id FROM trade_actions a
    WHERE a.action = 'cancel_trade' AND a.actor_id IS NOT NULL
    UNION
    SELECT t.buyer_id, t.id FROM trades t WHERE t.status = 'CANCELLED'
      AND EXISTS (SELECT 1 FROM trade_actions e WHERE e.trade_id = t.id AND e.action = 'expire')
  ) f
) x
GROUP BY x.user_id
HAVING x.user_id IN (SELECT id FROM users)`;

const COUNTER_COLUMNS = `user_id, rating_sum, reviews_count, completed_trades, failed_trades,
  release_seconds, release_count, response_seconds, response_count, dispute_count`;

/** The backfill of migration 0016 runs this very statement (a unit test keeps them equal). */
export const REBUILD_USER_STATS = `INSERT INTO user_stats (${COUNTER_COLUMNS})${USER_STATS_FROM_HISTORY}`;

const COMPLETED_PER_ORDER = `SELECT o.id, o.completed_trades AS stored, COALESCE(c.n, 0) AS counted
  FROM orders o LEFT JOIN (
    SELECT order_id, COUNT(*)::int AS n FROM trades WHERE status = 'COMPLETED' GROUP BY order_id
  ) c ON c.order_id = o.id`;

/** Which counters of each party one transition moves; the durations come from the stored row. */
interface PartyDelta {
  userId: string;
  completed: boolean;
  failed: boolean;
  /** As seller of a completed trade: "paid" -> completion. */
  release: boolean;
  /** Own step timed by this transition. */
  response: 'buyer' | 'seller' | null;
  dispute: boolean;
}

const COMPLETING: ReadonlySet<TradeAction> = new Set(['release_crypto', 'auto_release', 'resolve_release']);

function deltasOf(trade: CounterTimes, action: TradeAction, actor: Actor): PartyDelta[] {
  const completed = COMPLETING.has(action);
  const dispute = action === 'dispute_trade';
  // A cancel counts against whoever cancelled; an expiry against the buyer who did not pay.
  const failedBuyer = (action === 'cancel_trade' && actor === 'buyer') || action === 'expire';
  const failedSeller = action === 'cancel_trade' && actor === 'seller';
  assert(action !== 'cancel_trade' || actor === 'buyer' || actor === 'seller', 'cancel by a non-party');
  const buyer: PartyDelta = {
    userId: trade.buyerId,
    completed,
    failed: failedBuyer,
    release: false,
    response: action === 'mark_paid' ? 'buyer' : null,
    dispute,
  };
  const seller: PartyDelta = {
    userId: trade.sellerId,
    completed,
    failed: failedSeller,
    release: completed,
    response: action === 'confirm_payment' ? 'seller' : null,
    dispute,
  };
  return [buyer, seller].filter((p) => p.completed || p.failed || p.response !== null || p.dispute);
}

type CounterTimes = Pick<
  TradeRow,
  'id' | 'buyerId' | 'sellerId' | 'createdAt' | 'paidAt' | 'confirmedAt' | 'completedAt' | 'disputedAt'
>;

const at = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The statement that moves the parties' counters for one transition, or null when it moves
 * none. `trade` is the row as the transition leaves it: the durations come from its times,
 * passed as values, so the statement can run inside the transition's own write (the times are
 * the ones stored, exact to the millisecond the clock gives). Rows are upserted in user id
 * order: two trades between the same two users in opposite roles never wait on each other's
 * counter rows in opposite order.
 */
export function tradeCountersStatement(trade: CounterTimes, action: TradeAction, actor: Actor): SQL | null {
  const parties = deltasOf(trade, action, actor);
  if (parties.length === 0) return null;
  const values = sql.join(
    parties.map(
      (p) =>
        sql`(${p.userId}::uuid, ${p.completed}::boolean, ${p.failed}::boolean, ${p.release}::boolean,
              ${p.response ?? 'none'}::text, ${p.dispute}::boolean)`,
    ),
    sql`, `,
  );
  return sql`
    INSERT INTO user_stats AS s (user_id, completed_trades, failed_trades, release_seconds, release_count,
                                 response_seconds, response_count, dispute_count)
    SELECT p.user_id, p.completed::int, p.failed::int,
           CASE WHEN r.timed THEN EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)) ELSE 0 END, r.timed::int,
           CASE WHEN p.response = 'buyer' AND t.paid_at IS NOT NULL
                  THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at))
                WHEN p.response = 'seller' AND t.paid_at IS NOT NULL AND t.confirmed_at IS NOT NULL
                  THEN EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at))
                ELSE 0 END,
           ((p.response = 'buyer' AND t.paid_at IS NOT NULL)
             OR (p.response = 'seller' AND t.paid_at IS NOT NULL AND t.confirmed_at IS NOT NULL))::int,
           (p.dispute AND t.disputed_at IS NOT NULL)::int
    FROM (VALUES (${at(trade.createdAt)}::timestamptz, ${at(trade.paidAt)}::timestamptz,
                  ${at(trade.confirmedAt)}::timestamptz, ${at(trade.completedAt)}::timestamptz,
                  ${at(trade.disputedAt)}::timestamptz))
         t(created_at, paid_at, confirmed_at, completed_at, disputed_at)
    CROSS JOIN (VALUES ${values}) p(user_id, completed, failed, release, response, dispute)
    CROSS JOIN LATERAL (SELECT p.release AND t.paid_at IS NOT NULL AND t.completed_at IS NOT NULL AS timed) r
    ORDER BY p.user_id
    ON CONFLICT (user_id) DO UPDATE SET
      completed_trades = s.completed_trades + EXCLUDED.completed_trades,
      failed_trades = s.failed_trades + EXCLUDED.failed_trades,
      release_seconds = s.release_seconds + EXCLUDED.release_seconds,
      release_count = s.release_count + EXCLUDED.release_count,
      response_seconds = s.response_seconds + EXCLUDED.response_seconds,
      response_count = s.response_count + EXCLUDED.response_count,
      dispute_count = s.dispute_count + EXCLUDED.dispute_count`;
}

/** Counts a new review for its subject; same transaction as the review row. */
export async function applyReviewCounters(tx: Tx, subjectId: string, rating: number) {
  assert(Number.isInteger(rating) && rating >= 1 && rating <= 5, `rating ${rating} out of range`);
  await tx.execute(sql`
    INSERT INTO user_stats AS s (user_id, rating_sum, reviews_count) VALUES (${subjectId}::uuid, ${rating}, 1)
    ON CONFLICT (user_id) DO UPDATE SET
      rating_sum = s.rating_sum + EXCLUDED.rating_sum,
      reviews_count = s.reviews_count + EXCLUDED.reviews_count`);
}

/**
 * Recomputes every counter from history in one transaction: after bulk loads (demo seed,
 * `npm run bench`) or to repair. Writes race with it: run it on a quiet database.
 */
export async function rebuildReputationCounters(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM user_stats`);
    await tx.execute(sql.raw(REBUILD_USER_STATS));
    await tx.execute(
      sql.raw(`UPDATE orders o SET completed_trades = c.counted FROM (${COMPLETED_PER_ORDER}) c
               WHERE o.id = c.id AND c.stored <> c.counted`),
    );
  });
}

/**
 * Stored counters against the full recomputation: the raw counters against history, the
 * figures users see against REPUTATION_COLUMNS, and each order's completed trades. One line
 * per difference; empty when they agree. The figures are compared for users with a counter
 * row only: the first check already proves that a user without one has no history, and
 * REPUTATION_COLUMNS per user is the slow query the counters replace (`figures: false`
 * skips it: the raw comparison alone catches any wrong counter).
 */
export async function auditReputationCounters(
  db: Executor,
  { figures = true }: { figures?: boolean } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const raw = await queryRows<Record<string, string | null>>(
    db,
    sql.raw(`SELECT COALESCE(s.user_id, h.user_id) AS user_id,
        row(s.rating_sum, s.reviews_count, s.completed_trades, s.failed_trades, s.release_seconds,
            s.release_count, s.response_seconds, s.response_count, s.dispute_count)::text AS stored,
        row(h.rating_sum, h.reviews_count, h.completed_trades, h.failed_trades, h.release_seconds,
            h.release_count, h.response_seconds, h.response_count, h.dispute_count)::text AS counted
      FROM user_stats s FULL JOIN (${USER_STATS_FROM_HISTORY}) h ON h.user_id = s.user_id
      WHERE (s.rating_sum, s.reviews_count, s.completed_trades, s.failed_trades, s.release_seconds,
             s.release_count, s.response_seconds, s.response_count, s.dispute_count)
        IS DISTINCT FROM
            (COALESCE(h.rating_sum, 0), COALESCE(h.reviews_count, 0), COALESCE(h.completed_trades, 0),
             COALESCE(h.failed_trades, 0), COALESCE(h.release_seconds, 0), COALESCE(h.release_count, 0),
             COALESCE(h.response_seconds, 0), COALESCE(h.response_count, 0), COALESCE(h.dispute_count, 0))
        AND NOT (s.user_id IS NULL AND (h.rating_sum, h.reviews_count, h.completed_trades, h.failed_trades,
             h.release_count, h.response_count, h.dispute_count) = (0, 0, 0, 0, 0, 0, 0))
      LIMIT 51`),
  );
  for (const r of raw.slice(0, 50))
    problems.push(`reputation counters of ${r.user_id}: stored ${r.stored}, history ${r.counted}`);
  const shown = !figures
    ? []
    : await queryRows<Record<string, string | null>>(
        db,
        sql.raw(`SELECT a.id,
        row(a.rating, a.reviews, a.completed, a.failed, a.avg_release, a.avg_response, a.disputes)::text AS stored,
        row(b.rating, b.reviews, b.completed, b.failed, b.avg_release, b.avg_response, b.disputes)::text AS counted
      FROM (SELECT s.user_id AS id, ${REPUTATION_FROM_STATS} FROM user_stats s) a
      JOIN (SELECT u.id, ${REPUTATION_COLUMNS} FROM users u
            WHERE u.id IN (SELECT user_id FROM user_stats)) b ON b.id = a.id
      WHERE (a.rating, a.reviews, a.completed, a.failed, a.avg_release, a.avg_response, a.disputes)
        IS DISTINCT FROM (b.rating, b.reviews, b.completed, b.failed, b.avg_release, b.avg_response, b.disputes)
      LIMIT 51`),
      );
  for (const r of shown.slice(0, 50))
    problems.push(`reputation of ${r.id}: from counters ${r.stored}, recomputed ${r.counted}`);
  const perOrder = await queryRows<Record<string, string>>(
    db,
    sql.raw(`SELECT id, stored::text, counted::text FROM (${COMPLETED_PER_ORDER}) c
             WHERE stored <> counted LIMIT 51`),
  );
  for (const r of perOrder.slice(0, 50))
    problems.push(`order ${r.id}: completed_trades ${r.stored}, completed trades found ${r.counted}`);
  return problems;
}
