import type { PaymentProofMatch } from '@p2p/shared';
import { changedBands } from './receipt-fingerprint.ts';

/**
 * Reused receipts (docs/decisions/023-trust-and-safety.md, "Reused receipts"): a receipt is
 * matched to the receipts of other trades that are the same file or the same picture
 * re-encoded or edited. The thresholds below were measured on generated bank receipts
 * (apps/server/test/uploads/receipt-thresholds.test.ts prints the figures).
 */

/**
 * The 64-bit hashes of a receipt and its reuse differ in at most this many bits. Measured:
 * re-encoded, re-scaled or with one number painted over, 1-6; another bank app's layout,
 * 7-17 (mostly 9 and more). But any two receipts of one app are within it too (0-8), so it
 * only picks the candidates, with room for heavier edits; the thumbnail's bands decide.
 */
export const SIMILAR_DISTANCE_MAX = 10;
/**
 * A reuse changes at most this many of the thumbnail's 20 bands. Measured: 0-2 for a
 * reuse (a painted-over amount spans two), 6-11 for another payment in the same app.
 */
export const SIMILAR_CHANGED_BANDS_MAX = 3;
/** Candidates compared per upload: exact ones first, then the nearest hashes, newest first. */
export const CANDIDATES_MAX = 200;
/** Matches kept per receipt: a warning needs a few, not every copy of a popular image. */
export const MATCHES_PER_RECEIPT_MAX = 20;

/** A receipt of another trade that the search found near the new one. */
export interface MatchCandidate {
  proofId: string;
  tradeId: string;
  /** Its stored bytes have the new receipt's SHA-256 (of the upload or of our JPEG). */
  exact: boolean;
  /** Bits that differ between the two 64-bit hashes. */
  distance: number;
  thumbnail: Uint8Array | null;
}

export interface ReceiptMatchFound {
  proofId: string;
  tradeId: string;
  kind: PaymentProofMatch['kind'];
  distance: number;
  changedBands: number;
}

/**
 * Which candidates are the new receipt: every exact one, and those whose hash is near and
 * whose thumbnail differs in few bands. Exact first, then the closest, at most
 * MATCHES_PER_RECEIPT_MAX.
 */
export function decideMatches(thumbnail: Uint8Array, candidates: MatchCandidate[]): ReceiptMatchFound[] {
  const found: ReceiptMatchFound[] = [];
  for (const c of candidates) {
    const bands = c.thumbnail ? changedBands(thumbnail, c.thumbnail) : null;
    const similar =
      c.distance <= SIMILAR_DISTANCE_MAX && bands !== null && bands <= SIMILAR_CHANGED_BANDS_MAX;
    if (!c.exact && !similar) continue;
    found.push({
      proofId: c.proofId,
      tradeId: c.tradeId,
      kind: c.exact ? 'exact' : 'similar',
      distance: c.distance,
      changedBands: bands ?? 0,
    });
  }
  const rank = (m: ReceiptMatchFound) => (m.kind === 'exact' ? 0 : 1);
  return found
    .sort((a, b) => rank(a) - rank(b) || a.changedBands - b.changedBands || a.distance - b.distance)
    .slice(0, MATCHES_PER_RECEIPT_MAX);
}

/** A stored match as a trade's view reads it. */
export interface ReceiptMatchSeen {
  proofId: string;
  matchedTradeId: string;
  kind: PaymentProofMatch['kind'];
  uploadedAt: Date;
}

/** The other trade as the product names it elsewhere: its id's last 8 characters. */
export const tradeShortId = (tradeId: string) => tradeId.slice(-8);

export function toPaymentProofMatch(m: ReceiptMatchSeen): PaymentProofMatch {
  return {
    tradeShortId: tradeShortId(m.matchedTradeId),
    uploadedAt: m.uploadedAt.toISOString(),
    kind: m.kind,
  };
}
