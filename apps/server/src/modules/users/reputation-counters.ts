import type { Actor, TradeAction } from '@p2p/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { assert } from '../../errors.ts';
import { pairMonthOf, rebuildPairMonths, worthCounting } from '../limits/index.ts';
import {
  type CounterTimes,
  countedDifferences,
  counterDifferences,
  figureDifferences,
  insertCountedReview,
  insertReviewCounters,
  orderCountDifferences,
  type PartyDelta,
  partyCountersStatement,
  rebuildCountedColumns,
  rebuildCounters,
  refreshCountedTrades,
} from './reputation-counters.repository.ts';

/**
 * Reputation counters (table user_stats, orders.completed_trades), kept in the transaction
 * of the change they count so that reading a reputation costs one indexed row
 * (docs/decisions/019-order-book-performance.md). Each counter reproduces exactly one part
 * of REPUTATION_COLUMNS, the recomputation from history that the audit compares them with.
 */

const COMPLETING: ReadonlySet<TradeAction> = new Set(['release_crypto', 'auto_release', 'resolve_release']);

/** What one transition counts for each party (userId left to the caller). */
function roleDeltas(
  action: TradeAction,
  actor: Actor,
): Record<'buyer' | 'seller', Omit<PartyDelta, 'userId'>> {
  const completed = COMPLETING.has(action);
  const dispute = action === 'dispute_trade';
  // A cancel counts against whoever cancelled; an expiry against the buyer who did not pay.
  const failedBuyer = (action === 'cancel_trade' && actor === 'buyer') || action === 'expire';
  const failedSeller = action === 'cancel_trade' && actor === 'seller';
  assert(action !== 'cancel_trade' || actor === 'buyer' || actor === 'seller', 'cancel by a non-party');
  return {
    buyer: {
      completed,
      failed: failedBuyer,
      release: false,
      response: action === 'mark_paid' ? 'buyer' : null,
      dispute,
    },
    seller: {
      completed,
      failed: failedSeller,
      release: completed,
      response: action === 'confirm_payment' ? 'seller' : null,
      dispute,
    },
  };
}

function deltasOf(trade: CounterTimes, action: TradeAction, actor: Actor): PartyDelta[] {
  const { buyer, seller } = roleDeltas(action, actor);
  return [
    { userId: trade.buyerId, ...buyer },
    { userId: trade.sellerId, ...seller },
  ].filter((p) => p.completed || p.failed || p.response !== null || p.dispute);
}

/**
 * Whether a transition moves a figure shown next to the party in `role` on their orders
 * (completed trades, completion rate, average times): every counter but the dispute count,
 * which the book does not show.
 */
export function movesShownFigures(action: TradeAction, actor: Actor, role: 'buyer' | 'seller'): boolean {
  const d = roleDeltas(action, actor)[role];
  return d.completed || d.failed || d.release || d.response !== null;
}

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
  return partyCountersStatement(trade, parties);
}

/**
 * After the completing write of a trade between `userIds` (same transaction): their counted
 * trades from the pair rows it wrote (docs/decisions/035).
 */
export async function applyCompletionCounters(tx: Tx, userIds: [string, string]): Promise<void> {
  assert(userIds[0] !== userIds[1], 'a trade with one user on both sides');
  await refreshCountedTrades(tx, userIds);
}

/** A new review as its counters see it, with the completed trade it is about. */
export interface ReviewCounted {
  reviewId: string;
  subjectId: string;
  authorId: string;
  rating: number;
  trade: { amountFiat: bigint; fiatCurrency: string; completedAt: Date | null };
}

/**
 * Counts a new review for its subject; same transaction as the review row. Every review counts
 * in the raw counters; the shown rating takes only the first of an author for a month's trades
 * worth counting (docs/decisions/035).
 */
export async function applyReviewCounters(tx: Tx, review: ReviewCounted) {
  const { rating } = review;
  assert(Number.isInteger(rating) && rating >= 1 && rating <= 5, `rating ${rating} out of range`);
  assert(review.subjectId !== review.authorId, 'a review of oneself');
  await insertReviewCounters(tx, review.subjectId, rating);
  const { trade } = review;
  assert(trade.completedAt !== null, `review ${review.reviewId} of a trade never completed`);
  // Only a trade worth counting gives its review weight, once a pair and month.
  if (!worthCounting(trade.amountFiat, trade.fiatCurrency)) return;
  await insertCountedReview(tx, { ...review, month: pairMonthOf(trade.completedAt) });
}

/**
 * Recomputes every counter from history in one transaction: after bulk loads (demo seed,
 * `npm run bench`) or to repair. Writes race with it: run it on a quiet database.
 */
export async function rebuildReputationCounters(db: Executor): Promise<void> {
  await db.transaction(async (tx) => {
    await rebuildCounters(tx);
    // The counted trades' pair rows come from the same history (docs/decisions/035).
    await rebuildPairMonths(tx);
    await rebuildCountedColumns(tx);
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
  const raw = await counterDifferences(db);
  for (const r of raw.slice(0, 50))
    problems.push(`reputation counters of ${r.user_id}: stored ${r.stored}, history ${r.counted}`);
  const shown = !figures ? [] : await figureDifferences(db);
  for (const r of shown.slice(0, 50))
    problems.push(`reputation of ${r.id}: from counters ${r.stored}, recomputed ${r.counted}`);
  const counted = await countedDifferences(db);
  for (const r of counted.slice(0, 50))
    problems.push(`counted trades and reviews of ${r.user_id}: stored ${r.stored}, from rows ${r.counted}`);
  const perOrder = await orderCountDifferences(db);
  for (const r of perOrder.slice(0, 50))
    problems.push(`order ${r.id}: completed_trades ${r.stored}, completed trades found ${r.counted}`);
  return problems;
}
