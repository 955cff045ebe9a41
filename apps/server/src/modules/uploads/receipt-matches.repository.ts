import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentProofs, receiptMatches, receiptThumbnails } from '../../db/schema.ts';
import {
  CANDIDATES_MAX,
  type MatchCandidate,
  type ReceiptMatchFound,
  SIMILAR_DISTANCE_MAX,
} from './receipt-matches.ts';

/**
 * One receipt is matched at a time, so two copies uploaded to two trades at once still find
 * each other: the second waits here until the first has committed, then sees it. Taken after
 * the trade's lock (ARCHITECTURE.md: lock order trade first), by receipt uploads only.
 */
export async function lockReceiptMatching(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('receipt_matches', 0))`);
}

/**
 * Receipts of other trades that may be this one: stored bytes with one of `sha256s` (the
 * upload's and our JPEG's), or a 64-bit hash within SIMILAR_DISTANCE_MAX bits, with their
 * thumbnails. A scan of the receipts' narrow rows; the thumbnails are read for the
 * CANDIDATES_MAX nearest only.
 */
export async function findMatchCandidates(
  tx: Tx,
  tradeId: string,
  sha256s: string[],
  phash: bigint,
): Promise<MatchCandidate[]> {
  const distance = sql<number>`bit_count((${paymentProofs.phash} # ${phash.toString()}::bigint)::bit(64))::int`;
  const exact = sql<boolean>`${paymentProofs.sha256} IN (${sql.join(
    sha256s.map((s) => sql`${s}`),
    sql`, `,
  )})`;
  const rows = await tx
    .select({
      proofId: paymentProofs.id,
      tradeId: paymentProofs.tradeId,
      exact,
      distance,
      thumbnail: receiptThumbnails.pixels,
    })
    .from(paymentProofs)
    .leftJoin(receiptThumbnails, eq(receiptThumbnails.proofId, paymentProofs.id))
    .where(
      and(
        ne(paymentProofs.tradeId, tradeId),
        isNotNull(paymentProofs.phash),
        or(exact, sql`${distance} <= ${SIMILAR_DISTANCE_MAX}`),
      ),
    )
    .orderBy(desc(exact), distance, desc(paymentProofs.createdAt))
    .limit(CANDIDATES_MAX);
  return rows.map((r) => ({ ...r, exact: Boolean(r.exact), distance: Number(r.distance) }));
}

/** The new receipt's thumbnail, read when later receipts are matched against it. */
export async function insertThumbnail(tx: Tx, proofId: string, pixels: Buffer): Promise<void> {
  await tx.insert(receiptThumbnails).values({ proofId, pixels });
}

/** Records each match both ways, so the earlier receipt's trade shows its later twin too. */
export async function insertMatches(
  tx: Tx,
  proof: { id: string; tradeId: string },
  found: ReceiptMatchFound[],
  now: Date,
): Promise<void> {
  if (found.length === 0) return;
  const rows = found.flatMap((m) => {
    const common = { kind: m.kind, distance: m.distance, changedBands: m.changedBands, createdAt: now };
    return [
      {
        proofId: proof.id,
        tradeId: proof.tradeId,
        matchedProofId: m.proofId,
        matchedTradeId: m.tradeId,
        ...common,
      },
      {
        proofId: m.proofId,
        tradeId: m.tradeId,
        matchedProofId: proof.id,
        matchedTradeId: proof.tradeId,
        ...common,
      },
    ];
  });
  await tx.insert(receiptMatches).values(rows).onConflictDoNothing();
}
