import { effectiveName, formatFiat, type ReviewView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** Figures shown next to a trader, all computed from stored trades and reviews. */
export interface ReputationSummary {
  rating: number | null;
  reviewsCount: number;
  completedTrades: number;
  /** Completed / (completed + trades this user cancelled or let expire as buyer), percent. */
  completionRate: number | null;
  /** Average seconds from the buyer's "paid" to completion, over trades this user sold. */
  avgReleaseSeconds: number | null;
  /**
   * Average seconds this user took for their own step: as buyer from opening to "paid", as
   * seller from "paid" to confirming receipt.
   */
  avgResponseSeconds: number | null;
  /** Trades of this user that went to dispute (whoever opened it). */
  disputeCount: number;
}

export interface Reputation extends ReputationSummary {
  totalVolumeRub: string;
  reviews: ReviewView[];
}

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
     AND (t.buyer_id = u.id OR t.seller_id = u.id))::text AS disputes`;

/** The text columns of REPUTATION_COLUMNS as a row (or a JSON object) carries them. */
export interface ReputationRow {
  rating: string | null;
  reviews: string;
  completed: string;
  failed: string;
  avg_release: string | null;
  avg_response: string | null;
  disputes: string;
}

export function reputationFromRow(r: ReputationRow): ReputationSummary {
  const completed = Number(r.completed);
  const failed = Number(r.failed);
  const finished = completed + failed;
  return {
    rating: r.rating === null ? null : Number(r.rating),
    reviewsCount: Number(r.reviews),
    completedTrades: completed,
    completionRate: finished === 0 ? null : Math.round((completed / finished) * 1000) / 10,
    avgReleaseSeconds: r.avg_release === null ? null : Number(r.avg_release),
    avgResponseSeconds: r.avg_response === null ? null : Number(r.avg_response),
    disputeCount: Number(r.disputes),
  };
}

const EMPTY: ReputationSummary = {
  rating: null,
  reviewsCount: 0,
  completedTrades: 0,
  completionRate: null,
  avgReleaseSeconds: null,
  avgResponseSeconds: null,
  disputeCount: 0,
};

/** Reputation of many users in one round trip (order book, trade lists). */
export async function reputationSummaries(
  db: Executor,
  userIds: string[],
): Promise<Map<string, ReputationSummary>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, ReputationSummary>();
  if (ids.length === 0) return result;
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<ReputationRow & { id: string }>(
    db,
    sql`SELECT u.id, ${sql.raw(REPUTATION_COLUMNS)}
        FROM users u WHERE u.id IN (${idList})`,
  );
  for (const r of rows) result.set(r.id, reputationFromRow(r));
  for (const id of ids) if (!result.has(id)) result.set(id, EMPTY);
  return result;
}

export async function reputationOf(db: Executor, userId: string): Promise<Reputation> {
  const summary = (await reputationSummaries(db, [userId])).get(userId) ?? EMPTY;
  const [volume] = await queryRows<{ total: string }>(
    db,
    sql`SELECT COALESCE(SUM(amount_fiat), 0)::text AS total FROM trades
        WHERE status = 'COMPLETED' AND fiat_currency = 'RUB' AND (buyer_id = ${userId} OR seller_id = ${userId})`,
  );
  const reviewRows = await queryRows<{
    id: string;
    rating: number;
    comment: string;
    created_at: Date | string;
    reviewer_id: string;
    first_name: string;
    last_name: string | null;
    display_name: string | null;
    username: string | null;
  }>(
    db,
    sql`SELECT r.id, r.rating, r.comment, r.created_at, u.id AS reviewer_id, u.first_name, u.last_name,
               u.display_name, u.username
        FROM reviews r JOIN users u ON u.id = r.author_id
        WHERE r.subject_id = ${userId} ORDER BY r.created_at DESC LIMIT 50`,
  );
  return {
    ...summary,
    totalVolumeRub: formatFiat(BigInt(volume?.total ?? '0')),
    reviews: reviewRows.map((r) => ({
      id: r.id,
      rating: Number(r.rating),
      comment: r.comment,
      created_at: new Date(r.created_at).toISOString(),
      reviewer: {
        id: r.reviewer_id,
        first_name: r.first_name,
        username: r.username,
        // Signed with the name the reviewer chose, as everywhere else (not the first name).
        effective_name: effectiveName({
          displayName: r.display_name,
          firstName: r.first_name,
          lastName: r.last_name,
          username: r.username,
        }),
      },
    })),
  };
}
