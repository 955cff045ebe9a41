import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import type { TradeRow } from '../../db/schema.ts';
import { countedPartsSql, countReviewSql } from '../limits/index.ts';
import { REPUTATION_COLUMNS, REPUTATION_FROM_STATS } from './reputation.repository.ts';

/**
 * The SQL of the reputation counters (table user_stats, orders.completed_trades): their
 * updates, their recomputation from history and the audit's comparisons (reputation-counters.ts).
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

/**
 * Every buyer's payment times (opening -> "paid") from history: the counters of migration 0031,
 * kept apart from USER_STATS_FROM_HISTORY so that 0016's backfill stays what it was. Every
 * buyer has a row of that statement already (they have a trade).
 */
const PAYMENTS_FROM_HISTORY = `
  SELECT t.buyer_id AS user_id, SUM(EXTRACT(EPOCH FROM (t.paid_at - t.created_at))) AS payment_seconds,
         COUNT(*)::bigint AS payment_count
  FROM trades t WHERE t.paid_at IS NOT NULL GROUP BY t.buyer_id`;

/** The backfill of migration 0031 runs this very statement (a unit test keeps them equal). */
export const REBUILD_PAYMENT_STATS = `UPDATE user_stats s SET payment_seconds = p.payment_seconds, payment_count = p.payment_count
FROM (${PAYMENTS_FROM_HISTORY}) p
WHERE p.user_id = s.user_id`;

const COMPLETED_PER_ORDER = `SELECT o.id, o.completed_trades AS stored, COALESCE(c.n, 0) AS counted
  FROM orders o LEFT JOIN (
    SELECT order_id, COUNT(*)::int AS n FROM trades WHERE status = 'COMPLETED' GROUP BY order_id
  ) c ON c.order_id = o.id`;

/** Which counters of each party one transition moves; the durations come from the stored row. */
export interface PartyDelta {
  userId: string;
  completed: boolean;
  failed: boolean;
  /** As seller of a completed trade: "paid" -> completion. */
  release: boolean;
  /** Own step timed by this transition. */
  response: 'buyer' | 'seller' | null;
  dispute: boolean;
}

export type CounterTimes = Pick<
  TradeRow,
  'id' | 'buyerId' | 'sellerId' | 'createdAt' | 'paidAt' | 'confirmedAt' | 'completedAt' | 'disputedAt'
>;

const at = (d: Date | null) => (d ? d.toISOString() : null);

/** Moves the counters of `parties` for one transition of `trade` (see tradeCountersStatement). */
export function partyCountersStatement(trade: CounterTimes, parties: PartyDelta[]): SQL {
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
                                 response_seconds, response_count, dispute_count, payment_seconds, payment_count)
    SELECT p.user_id, p.completed::int, p.failed::int,
           CASE WHEN r.timed THEN EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)) ELSE 0 END, r.timed::int,
           CASE WHEN p.response = 'buyer' AND t.paid_at IS NOT NULL
                  THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at))
                WHEN p.response = 'seller' AND t.paid_at IS NOT NULL AND t.confirmed_at IS NOT NULL
                  THEN EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at))
                ELSE 0 END,
           ((p.response = 'buyer' AND t.paid_at IS NOT NULL)
             OR (p.response = 'seller' AND t.paid_at IS NOT NULL AND t.confirmed_at IS NOT NULL))::int,
           (p.dispute AND t.disputed_at IS NOT NULL)::int,
           CASE WHEN p.response = 'buyer' AND t.paid_at IS NOT NULL
                  THEN EXTRACT(EPOCH FROM (t.paid_at - t.created_at)) ELSE 0 END,
           (p.response = 'buyer' AND t.paid_at IS NOT NULL)::int
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
      dispute_count = s.dispute_count + EXCLUDED.dispute_count,
      payment_seconds = s.payment_seconds + EXCLUDED.payment_seconds,
      payment_count = s.payment_count + EXCLUDED.payment_count`;
}

/** Counts a review of `subjectId` with `rating`. */
export async function insertReviewCounters(tx: Tx, subjectId: string, rating: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO user_stats AS s (user_id, rating_sum, reviews_count) VALUES (${subjectId}::uuid, ${rating}, 1)
    ON CONFLICT (user_id) DO UPDATE SET
      rating_sum = s.rating_sum + EXCLUDED.rating_sum,
      reviews_count = s.reviews_count + EXCLUDED.reviews_count`);
}

/**
 * The counted trades of the parties `userIds` from their pair rows, after the completing
 * statement wrote them (same transaction; the counter rows are locked already, in user id
 * order, by the counters statement). One primary-key range of each party's rows.
 */
export async function refreshCountedTrades(tx: Tx, userIds: string[]): Promise<void> {
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE user_stats s SET counted_trades = p.counted, first_completed_at = p.first_at
    FROM (${countedPartsSql(ids)}) p WHERE p.user_id = s.user_id`);
}

/**
 * Counts a review for its subject's shown rating when it is the first of its author for that
 * month's trades worth counting (countReviewSql); after insertReviewCounters, same transaction.
 */
export async function insertCountedReview(
  tx: Tx,
  review: { reviewId: string; subjectId: string; authorId: string; month: string; rating: number },
): Promise<void> {
  await tx.execute(sql`
    WITH counted AS (${countReviewSql(review)})
    UPDATE user_stats s SET counted_rating_sum = s.counted_rating_sum + ${review.rating}::int,
                            counted_reviews = s.counted_reviews + 1
    FROM counted WHERE s.user_id = counted.subject_id`);
}

/** The counted columns of every user recomputed from the pair rows and counted reviews. */
const COUNTED_FROM_ROWS = sql`
  SELECT u.user_id, COALESCE(p.counted, 0)::bigint AS counted_trades, p.first_at AS first_completed_at,
         COALESCE(v.rating_sum, 0)::bigint AS counted_rating_sum, COALESCE(v.n, 0)::bigint AS counted_reviews
  FROM user_stats u
  LEFT JOIN (${countedPartsSql()}) p ON p.user_id = u.user_id
  LEFT JOIN (SELECT rp.subject_id, SUM(r.rating) AS rating_sum, COUNT(*) AS n
             FROM review_pair_months rp JOIN reviews r ON r.id = rp.review_id GROUP BY rp.subject_id) v
         ON v.subject_id = u.user_id`;

/** Recomputes the counted columns (after the pair rows and counted reviews were rebuilt). */
export async function rebuildCountedColumns(tx: Tx): Promise<void> {
  await tx.execute(sql`
    UPDATE user_stats s SET counted_trades = c.counted_trades, first_completed_at = c.first_completed_at,
                            counted_rating_sum = c.counted_rating_sum, counted_reviews = c.counted_reviews
    FROM (${COUNTED_FROM_ROWS}) c WHERE c.user_id = s.user_id`);
}

/** Users whose counted columns differ from the pair rows and counted reviews (at most 51). */
export async function countedDifferences(db: Executor) {
  return queryRows<Record<string, string | null>>(
    db,
    sql`SELECT s.user_id,
          row(s.counted_trades, s.first_completed_at, s.counted_rating_sum, s.counted_reviews)::text AS stored,
          row(c.counted_trades, c.first_completed_at, c.counted_rating_sum, c.counted_reviews)::text AS counted
        FROM user_stats s JOIN (${COUNTED_FROM_ROWS}) c ON c.user_id = s.user_id
        WHERE (s.counted_trades, s.first_completed_at, s.counted_rating_sum, s.counted_reviews)
          IS DISTINCT FROM (c.counted_trades, c.first_completed_at, c.counted_rating_sum, c.counted_reviews)
        LIMIT 51`,
  );
}

/** Replaces every counter with its recomputation from history. */
export async function rebuildCounters(tx: Tx): Promise<void> {
  await tx.execute(sql`DELETE FROM user_stats`);
  await tx.execute(sql.raw(REBUILD_USER_STATS));
  await tx.execute(sql.raw(REBUILD_PAYMENT_STATS));
  await tx.execute(
    sql.raw(`UPDATE orders o SET completed_trades = c.counted FROM (${COMPLETED_PER_ORDER}) c
             WHERE o.id = c.id AND c.stored <> c.counted`),
  );
}

/** Users whose stored counters differ from history (at most 51): both as row text. */
export async function counterDifferences(db: Executor) {
  return queryRows<Record<string, string | null>>(
    db,
    sql.raw(`SELECT COALESCE(s.user_id, h.user_id) AS user_id,
        row(s.rating_sum, s.reviews_count, s.completed_trades, s.failed_trades, s.release_seconds,
            s.release_count, s.response_seconds, s.response_count, s.dispute_count,
            s.payment_seconds, s.payment_count)::text AS stored,
        row(h.rating_sum, h.reviews_count, h.completed_trades, h.failed_trades, h.release_seconds,
            h.release_count, h.response_seconds, h.response_count, h.dispute_count,
            pay.payment_seconds, pay.payment_count)::text AS counted
      FROM user_stats s FULL JOIN (${USER_STATS_FROM_HISTORY}) h ON h.user_id = s.user_id
      LEFT JOIN (${PAYMENTS_FROM_HISTORY}) pay ON pay.user_id = COALESCE(s.user_id, h.user_id)
      WHERE (s.rating_sum, s.reviews_count, s.completed_trades, s.failed_trades, s.release_seconds,
             s.release_count, s.response_seconds, s.response_count, s.dispute_count,
             s.payment_seconds, s.payment_count)
        IS DISTINCT FROM
            (COALESCE(h.rating_sum, 0), COALESCE(h.reviews_count, 0), COALESCE(h.completed_trades, 0),
             COALESCE(h.failed_trades, 0), COALESCE(h.release_seconds, 0), COALESCE(h.release_count, 0),
             COALESCE(h.response_seconds, 0), COALESCE(h.response_count, 0), COALESCE(h.dispute_count, 0),
             COALESCE(pay.payment_seconds, 0), COALESCE(pay.payment_count, 0))
        AND NOT (s.user_id IS NULL AND (h.rating_sum, h.reviews_count, h.completed_trades, h.failed_trades,
             h.release_count, h.response_count, h.dispute_count) = (0, 0, 0, 0, 0, 0, 0))
      LIMIT 51`),
  );
}

/** Users whose figures from counters differ from REPUTATION_COLUMNS (at most 51): both as row text. */
export async function figureDifferences(db: Executor) {
  return queryRows<Record<string, string | null>>(
    db,
    sql.raw(`SELECT a.id,
        row(a.rating, a.reviews, a.completed, a.failed, a.avg_release, a.avg_response, a.disputes,
            a.avg_payment)::text AS stored,
        row(b.rating, b.reviews, b.completed, b.failed, b.avg_release, b.avg_response, b.disputes,
            b.avg_payment)::text AS counted
      FROM (SELECT s.user_id AS id, ${REPUTATION_FROM_STATS} FROM user_stats s) a
      JOIN (SELECT u.id, ${REPUTATION_COLUMNS} FROM users u
            WHERE u.id IN (SELECT user_id FROM user_stats)) b ON b.id = a.id
      WHERE (a.rating, a.reviews, a.completed, a.failed, a.avg_release, a.avg_response, a.disputes, a.avg_payment)
        IS DISTINCT FROM
            (b.rating, b.reviews, b.completed, b.failed, b.avg_release, b.avg_response, b.disputes, b.avg_payment)
      LIMIT 51`),
  );
}

/** Orders whose completed_trades differs from their completed trades (at most 51). */
export async function orderCountDifferences(db: Executor) {
  return queryRows<Record<string, string>>(
    db,
    sql.raw(`SELECT id, stored::text, counted::text FROM (${COMPLETED_PER_ORDER}) c
             WHERE stored <> counted LIMIT 51`),
  );
}
