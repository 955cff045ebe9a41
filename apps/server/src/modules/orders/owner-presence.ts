import type { Needs } from '../../context.ts';
import { markAbsentOwnersAway, markOwnersSeen } from './orders.repository.ts';

/**
 * Orders that go offline with their owner (docs/decisions/028). An owner who set "hide my
 * orders when I am away for N minutes" and has not been seen for longer has their live orders
 * marked `owner_away` by the scheduler; the book leaves them out and a trade on them is refused
 * as on an inactive order. Any sign of the owner (an authenticated request, a connected socket's
 * heartbeat) clears the mark in the statement that records last seen. Either change empties the
 * book's cache (and, through it, the other instances').
 */

/** The users `ids` were seen at `now`; their hidden orders come back. */
export async function noteUsersSeen(ctx: Needs<'db' | 'bookCache'>, ids: string[], now: Date): Promise<void> {
  if ((await markOwnersSeen(ctx.db, ids, now)) > 0) ctx.bookCache.invalidate();
}

/** Scheduler job: the orders of owners away past their window leave the book; how many did. */
export async function hideOrdersOfAbsentOwners(ctx: Needs<'db' | 'bookCache'>, now: Date): Promise<number> {
  const hidden = await markAbsentOwnersAway(ctx.db, now);
  if (hidden > 0) ctx.bookCache.invalidate();
  return hidden;
}
