import { effectiveName, formatFiat, type ReviewView } from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import {
  completedVolumeRub,
  counted30dOf,
  figuresOfUsers,
  latestReviewsOf,
  type ShownFigures,
} from './reputation.repository.ts';

// trade-view.repository.ts reads the figures through this module.
export {
  countedColumns,
  REPUTATION_FROM_STATS,
  type ReputationFigures,
  type ShownFigures,
} from './reputation.repository.ts';

/**
 * Figures shown next to a trader, all computed from stored trades and reviews. Trades, the
 * completion rate and the rating weigh repeat pairs once a month (docs/decisions/035).
 */
export interface ReputationSummary {
  /** Mean stars of the counted reviews. */
  rating: number | null;
  /** Counted reviews: the first of each author a month, for trades worth counting. */
  reviewsCount: number;
  /** Counted trades: distinct counterparties a month, worth the minimum, after 72 hours. */
  completedTrades: number;
  /** Counted / (counted + trades this user cancelled or let expire as buyer), percent. */
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
  /** Average seconds from opening to "paid", over trades this user bought and paid. */
  avgPaymentSeconds: number | null;
}

export interface Reputation extends ReputationSummary {
  totalVolumeRub: string;
  /** Counted trades of the 30 days before now (docs/decisions/028, 035). */
  trades30d: number;
  reviews: ReviewView[];
}

const EMPTY: ReputationSummary = {
  rating: null,
  reviewsCount: 0,
  completedTrades: 0,
  completionRate: null,
  avgReleaseSeconds: null,
  avgResponseSeconds: null,
  disputeCount: 0,
  avgPaymentSeconds: null,
};

export function toReputationSummary(r: ShownFigures): ReputationSummary {
  const completed = Number(r.counted);
  const failed = Number(r.failed);
  const finished = completed + failed;
  return {
    rating: r.counted_rating === null ? null : Number(r.counted_rating),
    reviewsCount: Number(r.counted_reviews),
    completedTrades: completed,
    completionRate: finished === 0 ? null : Math.round((completed / finished) * 1000) / 10,
    avgReleaseSeconds: r.avg_release === null ? null : Number(r.avg_release),
    avgResponseSeconds: r.avg_response === null ? null : Number(r.avg_response),
    disputeCount: Number(r.disputes),
    avgPaymentSeconds: r.avg_payment === null ? null : Number(r.avg_payment),
  };
}

/**
 * Reputation of many users at `now` in one round trip (order book, trade lists): one counter
 * row each.
 */
export async function reputationSummaries(
  db: Executor,
  userIds: string[],
  now: Date,
): Promise<Map<string, ReputationSummary>> {
  const ids = [...new Set(userIds)];
  const result = new Map<string, ReputationSummary>();
  if (ids.length === 0) return result;
  const rows = await figuresOfUsers(db, ids, now);
  for (const r of rows) result.set(r.id, toReputationSummary(r));
  for (const id of ids) if (!result.has(id)) result.set(id, EMPTY);
  return result;
}

export async function reputationOf(db: Executor, userId: string, now: Date): Promise<Reputation> {
  const summary = (await reputationSummaries(db, [userId], now)).get(userId) ?? EMPTY;
  const volume = await completedVolumeRub(db, userId);
  const trades30d = await counted30dOf(db, userId, now);
  const reviewRows = await latestReviewsOf(db, userId);
  return {
    ...summary,
    totalVolumeRub: formatFiat(BigInt(volume ?? '0')),
    trades30d,
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
