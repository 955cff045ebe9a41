import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { countedRule, countedTradesSql } from '../limits/index.ts';

/** The SQL of reputations: recomputed from history, or read from the counters of user_stats. */

/**
 * The reputation figures of a user row `u`, as SQL select columns. Plain text with no
 * parameters, shared with the raw baseline of `npm run bench` so both run the same query.
 */
export const REPUTATION_COLUMNS = `
  (SELECT AVG(r.rating)::numeric(3,2)::text FROM reviews r WHERE r.subject_id = u.id) AS rating,
  (SELECT COUNT(*) FROM reviews r WHERE r.subject_id = u.id)::text AS reviews,
  (SELECT COUNT(*) FROM trades t WHERE t.status = 'COMPLETED'
     AND (t.buyer_id = u.id OR t.seller_id = u.id))::text AS completed,
  (SELECT COUNT(*) FROM (
     SELECT a.trade_id FROM trade_actions a WHERE a.action = 'cancel_trade' AND a.actor_id = u.id
     UNION
     SELECT t.id FROM trades t WHERE t.buyer_id = u.id AND t.status = 'CANCELLED'
       AND EXISTS (SELECT 1 FROM trade_actions e WHERE e.trade_id = t.id AND e.action = 'expire')
   ) failures)::text AS failed,
  (SELECT AVG(EXTRACT(EPOCH FROM (t.completed_at - t.paid_at)))::numeric(12,0)::text FROM trades t
     WHERE t.seller_id = u.id AND t.status = 'COMPLETED' AND t.paid_at IS NOT NULL) AS avg_release,
  (SELECT AVG(s)::numeric(12,0)::text FROM (
     SELECT EXTRACT(EPOCH FROM (t.paid_at - t.created_at)) AS s FROM trades t
       WHERE t.buyer_id = u.id AND t.paid_at IS NOT NULL
     UNION ALL
     SELECT EXTRACT(EPOCH FROM (t.confirmed_at - t.paid_at)) FROM trades t
       WHERE t.seller_id = u.id AND t.confirmed_at IS NOT NULL AND t.paid_at IS NOT NULL
   ) steps) AS avg_response,
  (SELECT COUNT(*) FROM trades t WHERE t.disputed_at IS NOT NULL
     AND (t.buyer_id = u.id OR t.seller_id = u.id))::text AS disputes,
  (SELECT AVG(EXTRACT(EPOCH FROM (t.paid_at - t.created_at)))::numeric(12,0)::text FROM trades t
     WHERE t.buyer_id = u.id AND t.paid_at IS NOT NULL) AS avg_payment`;

/** One row of REPUTATION_COLUMNS (or of the same figures from counters), as text. */
export interface ReputationFigures {
  rating: string | null;
  reviews: string;
  completed: string;
  failed: string;
  avg_release: string | null;
  avg_response: string | null;
  disputes: string;
  /** As buyer: mean seconds from opening to "paid" (docs/decisions/028). */
  avg_payment: string | null;
}

/**
 * The same figures as REPUTATION_COLUMNS, read from the counters of user_stats row `s`
 * (NULL for a user without one: they read as empty). Same names, types and rounding.
 */
const FIGURES_FROM_STATS: Record<keyof ReputationFigures, string> = {
  rating:
    'CASE WHEN s.reviews_count > 0 THEN (s.rating_sum::numeric / s.reviews_count)::numeric(3,2)::text END',
  reviews: 'COALESCE(s.reviews_count, 0)::text',
  completed: 'COALESCE(s.completed_trades, 0)::text',
  failed: 'COALESCE(s.failed_trades, 0)::text',
  avg_release:
    'CASE WHEN s.release_count > 0 THEN (s.release_seconds / s.release_count)::numeric(12,0)::text END',
  avg_response:
    'CASE WHEN s.response_count > 0 THEN (s.response_seconds / s.response_count)::numeric(12,0)::text END',
  disputes: 'COALESCE(s.dispute_count, 0)::text',
  avg_payment:
    'CASE WHEN s.payment_count > 0 THEN (s.payment_seconds / s.payment_count)::numeric(12,0)::text END',
};

/**
 * What others are shown (docs/decisions/035): counted trades (distinct counterparties a month,
 * worth the minimum, once the first trade is 72 hours old) and the rating of counted reviews.
 */
export interface CountedFigures {
  counted: string;
  counted_rating: string | null;
  counted_reviews: string;
}

/** The raw figures and the counted ones: a reputation as shown. */
export type ShownFigures = ReputationFigures & CountedFigures;

export const timeOf = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** CountedFigures from the counters of user_stats row `s` at `at` (the rule applies when read). */
function countedFromStats(at: SQL): { [K in keyof CountedFigures]: SQL<CountedFigures[K]> } {
  return {
    counted: sql<string>`${countedRule(sql`COALESCE(s.counted_trades, 0)`, sql`s.first_completed_at`, at)}::text`,
    counted_rating: sql<string | null>`CASE WHEN s.counted_reviews > 0
      THEN (s.counted_rating_sum::numeric / s.counted_reviews)::numeric(3,2)::text END`,
    counted_reviews: sql<string>`COALESCE(s.counted_reviews, 0)::text`,
  };
}

/** CountedFigures as SQL select columns, for a query that joins user_stats as `s`. */
export function countedColumns(at: SQL): SQL {
  const f = countedFromStats(at);
  return sql`${f.counted} AS counted, ${f.counted_rating} AS counted_rating, ${f.counted_reviews} AS counted_reviews`;
}

/**
 * CountedFigures of a user row `u` at `at` recomputed from the pair rows and counted reviews,
 * not the counters (the check of countedColumns).
 */
export function countedColumnsFromRows(at: SQL): SQL {
  return sql`COALESCE(${countedTradesSql(sql`u.id`, at)}, 0)::text AS counted,
    (SELECT AVG(r.rating)::numeric(3,2)::text FROM review_pair_months rp JOIN reviews r ON r.id = rp.review_id
       WHERE rp.subject_id = u.id) AS counted_rating,
    (SELECT COUNT(*) FROM review_pair_months rp WHERE rp.subject_id = u.id)::text AS counted_reviews`;
}

/** FIGURES_FROM_STATS as SQL select columns. */
export const REPUTATION_FROM_STATS = Object.entries(FIGURES_FROM_STATS)
  .map(([name, expression]) => `${expression} AS ${name}`)
  .join(',\n  ');

/**
 * FIGURES_FROM_STATS and the counted figures at `now` as Drizzle select fields, for a query
 * that joins user_stats as `s`.
 */
export function reputationFields(now: Date): { [K in keyof ShownFigures]: SQL<ShownFigures[K]> } {
  const f = FIGURES_FROM_STATS;
  return {
    ...countedFromStats(timeOf(now)),
    rating: sql<string | null>`${sql.raw(f.rating)}`,
    reviews: sql<string>`${sql.raw(f.reviews)}`,
    completed: sql<string>`${sql.raw(f.completed)}`,
    failed: sql<string>`${sql.raw(f.failed)}`,
    avg_release: sql<string | null>`${sql.raw(f.avg_release)}`,
    avg_response: sql<string | null>`${sql.raw(f.avg_response)}`,
    disputes: sql<string>`${sql.raw(f.disputes)}`,
    avg_payment: sql<string | null>`${sql.raw(f.avg_payment)}`,
  };
}

/** The figures of many users at `now` from their counter rows (users without one have no row). */
export async function figuresOfUsers(
  db: Executor,
  ids: string[],
  now: Date,
): Promise<(ShownFigures & { id: string })[]> {
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return queryRows<ShownFigures & { id: string }>(
    db,
    sql`SELECT s.user_id AS id, ${sql.raw(REPUTATION_FROM_STATS)}, ${countedColumns(timeOf(now))}
        FROM user_stats s WHERE s.user_id IN (${idList})`,
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Counted trades of user `id` in the 30 days before `now` (docs/decisions/028, 035): its
 * qualified pair months with a trade in them, by the counted rule, as a select column. One
 * primary-key range of the user's pair rows, cheap for the owners of a book page.
 */
export const counted30d = (id: SQL | AnyColumn, now: Date) =>
  sql<string>`COALESCE(${countedTradesSql(sql`${id}`, timeOf(now), timeOf(new Date(now.getTime() - 30 * DAY_MS)))}, 0)::text`;

/** Counted trades of a user in the 30 days before `now`. */
export async function counted30dOf(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await queryRows<{ n: string }>(db, sql`SELECT ${counted30d(sql`${userId}::uuid`, now)} AS n`);
  return Number(row?.n ?? 0);
}

/** The fiat sum (text, minor units) of the user's completed RUB trades. */
export async function completedVolumeRub(db: Executor, userId: string): Promise<string | undefined> {
  const [volume] = await queryRows<{ total: string }>(
    db,
    sql`SELECT COALESCE(SUM(amount_fiat), 0)::text AS total FROM trades
        WHERE status = 'COMPLETED' AND fiat_currency = 'RUB' AND (buyer_id = ${userId} OR seller_id = ${userId})`,
  );
  return volume?.total;
}

/** A review of a user with its author's names. */
export interface ReviewWithAuthor {
  id: string;
  rating: number;
  comment: string;
  created_at: Date | string;
  reviewer_id: string;
  first_name: string;
  last_name: string | null;
  display_name: string | null;
  username: string | null;
}

/** The 50 latest reviews of a user, newest first. */
export async function latestReviewsOf(db: Executor, userId: string): Promise<ReviewWithAuthor[]> {
  return queryRows<ReviewWithAuthor>(
    db,
    sql`SELECT r.id, r.rating, r.comment, r.created_at, u.id AS reviewer_id, u.first_name, u.last_name,
               u.display_name, u.username
        FROM reviews r JOIN users u ON u.id = r.author_id
        WHERE r.subject_id = ${userId} ORDER BY r.created_at DESC LIMIT 50`,
  );
}
