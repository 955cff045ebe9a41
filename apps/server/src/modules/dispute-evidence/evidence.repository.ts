import type { EvidenceRequestView } from '@p2p/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type EvidenceRequestRow, evidenceRequests } from '../../db/schema.ts';

/**
 * Evidence requests: a moderator asks one party of a disputed trade for something, and that
 * party's next chat message or receipt answers it. The trade view, the chat and the receipt
 * upload use these; the back office's dispute desk creates them.
 */
export function toEvidenceView(row: EvidenceRequestRow, now: Date): EvidenceRequestView {
  return {
    id: row.id,
    tradeId: row.tradeId,
    party: row.party,
    userId: row.userId,
    text: row.text,
    deadline: row.deadline.toISOString(),
    createdAt: row.createdAt.toISOString(),
    answeredAt: row.answeredAt?.toISOString() ?? null,
    answer: row.answer,
    overdue: !row.answeredAt && row.deadline <= now,
  };
}

export async function insertEvidenceRequest(tx: Tx, values: typeof evidenceRequests.$inferInsert) {
  const [row] = await tx.insert(evidenceRequests).values(values).returning();
  if (!row) throw new Error('evidence request insert returned nothing');
  return row;
}

export async function openEvidenceCounts(db: Executor, tradeIds: string[]): Promise<Map<string, number>> {
  if (tradeIds.length === 0) return new Map();
  const rows = await db
    .select({ tradeId: evidenceRequests.tradeId, n: sql<number>`count(*)`.mapWith(Number) })
    .from(evidenceRequests)
    .where(and(inArray(evidenceRequests.tradeId, tradeIds), isNull(evidenceRequests.answeredAt)))
    .groupBy(evidenceRequests.tradeId);
  return new Map(rows.map((r) => [r.tradeId, r.n]));
}

/** A party's chat message or receipt answers every open request to them on the trade. */
export async function answerEvidence(
  tx: Executor,
  {
    tradeId,
    userId,
    answer,
    ref,
    now,
  }: { tradeId: string; userId: string; answer: 'message' | 'receipt'; ref: string; now: Date },
): Promise<number> {
  const rows = await tx
    .update(evidenceRequests)
    .set({ answeredAt: now, answer, answerRef: ref })
    .where(
      and(
        eq(evidenceRequests.tradeId, tradeId),
        eq(evidenceRequests.userId, userId),
        isNull(evidenceRequests.answeredAt),
      ),
    )
    .returning({ id: evidenceRequests.id });
  return rows.length;
}

export async function hasOpenEvidenceRequest(
  db: Executor,
  tradeId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: evidenceRequests.id })
    .from(evidenceRequests)
    .where(
      and(
        eq(evidenceRequests.tradeId, tradeId),
        eq(evidenceRequests.userId, userId),
        isNull(evidenceRequests.answeredAt),
      ),
    )
    .limit(1);
  return Boolean(row);
}
