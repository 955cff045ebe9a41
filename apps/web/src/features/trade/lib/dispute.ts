import { DISPUTE_REASONS } from '@p2p/shared';

/** Reasons a party may give; observers have none. */
export function disputeReasonsFor(role: string): readonly string[] {
  if (role === 'buyer') return DISPUTE_REASONS.buyer;
  if (role === 'seller') return DISPUTE_REASONS.seller;
  return [];
}

const KNOWN = new Set<string>([...DISPUTE_REASONS.buyer, ...DISPUTE_REASONS.seller]);

/** Label key of a reason id; an unknown one reads as "other". */
export function disputeReasonKey(reasonId: string): `dispute.reason.${string}` {
  return `dispute.reason.${KNOWN.has(reasonId) ? reasonId : 'other'}`;
}
