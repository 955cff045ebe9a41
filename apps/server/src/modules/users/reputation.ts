import type { ReviewView } from '@p2p/shared';
import type { Executor } from '../../db/client.ts';

export interface Reputation {
  rating: number | null;
  reviewsCount: number;
  completedTrades: number;
  completionRate: number | null;
  avgReleaseSeconds: number | null;
  totalVolumeRub: string;
  reviews: ReviewView[];
}

/**
 * Reputation computed from stored trades and reviews. Until trades exist in the schema
 * every user has none, which is the truth: no rating, zero trades.
 */
export async function reputationOf(_db: Executor, _userId: string): Promise<Reputation> {
  return {
    rating: null,
    reviewsCount: 0,
    completedTrades: 0,
    completionRate: null,
    avgReleaseSeconds: null,
    totalVolumeRub: '0.00',
    reviews: [],
  };
}
