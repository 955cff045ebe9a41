import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type PaymentProofRow, paymentProofs, trades } from '../../db/schema.ts';

export const receiptUrl = (id: string) => `/api/v1/uploads/receipts/${id}`;

export async function insertProof(
  tx: Tx,
  values: typeof paymentProofs.$inferInsert,
): Promise<PaymentProofRow> {
  const [row] = await tx.insert(paymentProofs).values(values).returning();
  if (!row) throw new Error('payment proof insert returned nothing');
  return row;
}

export async function countProofsOfTrade(db: Executor, tradeId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentProofs)
    .where(eq(paymentProofs.tradeId, tradeId));
  return Number(row?.n ?? 0);
}

/** Receipts of these trades, oldest first. */
export async function proofsOf(db: Executor, tradeIds: string[]): Promise<PaymentProofRow[]> {
  if (tradeIds.length === 0) return [];
  return db
    .select()
    .from(paymentProofs)
    .where(inArray(paymentProofs.tradeId, tradeIds))
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));
}

/** A receipt with the parties of its trade, for the access check. */
export async function findProofWithParties(db: Executor, id: string) {
  const [row] = await db
    .select({
      storageKey: paymentProofs.storageKey,
      tradeId: paymentProofs.tradeId,
      buyerId: trades.buyerId,
      sellerId: trades.sellerId,
      disputedAt: trades.disputedAt,
    })
    .from(paymentProofs)
    .innerJoin(trades, eq(trades.id, paymentProofs.tradeId))
    .where(eq(paymentProofs.id, id));
  return row ?? null;
}
