import { type AdminView, staffMay } from '@p2p/shared';
import type { TradeRow } from '../../db/schema.ts';

/** Where a resolution sends the escrow: to the buyer, or back to the seller side (docs/decisions/010). */
export type DisputeOutcome = 'release' | 'refund';

export const HOUR = 3_600_000;

/** The case owner acts on a case; an admin on any case. */
export function mayAct(me: AdminView, trade: Pick<TradeRow, 'disputeOwnerId'>): boolean {
  return trade.disputeOwnerId === me.id || staffMay(me.role, 'disputes.override');
}

/** Which party opened the dispute, or null when neither did (a dispute opened by the system). */
export function openedByOf(t: TradeRow): 'buyer' | 'seller' | null {
  if (t.disputedBy === t.buyerId) return 'buyer';
  if (t.disputedBy === t.sellerId) return 'seller';
  return null;
}

/** A dispute's age at `now` and the end of its target time (DISPUTE_SLA_HOURS). */
export function slaOf(openedAt: Date, slaMs: number, now: Date) {
  const deadline = new Date(openedAt.getTime() + slaMs);
  return {
    ageSeconds: Math.max(0, Math.floor((now.getTime() - openedAt.getTime()) / 1000)),
    deadline,
    overSla: deadline <= now,
  };
}
