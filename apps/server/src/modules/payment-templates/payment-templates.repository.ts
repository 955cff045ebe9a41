import { and, asc, desc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  type PaymentTemplateRow,
  paymentTemplates,
  type TradePaymentDetailsRow,
  tradePaymentDetails,
  trades,
  users,
} from '../../db/schema.ts';

export type NewPaymentTemplate = typeof paymentTemplates.$inferInsert;

/** Default first, then active ones, newest first. */
export async function listTemplatesOfUser(db: Executor, userId: string): Promise<PaymentTemplateRow[]> {
  return db
    .select()
    .from(paymentTemplates)
    .where(eq(paymentTemplates.userId, userId))
    .orderBy(
      desc(paymentTemplates.isDefault),
      desc(paymentTemplates.isActive),
      desc(paymentTemplates.createdAt),
    );
}

export async function countTemplatesOfUser(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentTemplates)
    .where(eq(paymentTemplates.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Serialises template writes of one user (default switching, the count cap). NO KEY UPDATE
 * does not block inserts elsewhere that merely reference the user.
 */
export async function lockTemplateOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function findTemplateOfUser(
  db: Executor,
  userId: string,
  id: string,
): Promise<PaymentTemplateRow | null> {
  const [row] = await db
    .select()
    .from(paymentTemplates)
    .where(and(eq(paymentTemplates.id, id), eq(paymentTemplates.userId, userId)));
  return row ?? null;
}

/** The template, locked against a concurrent delete while it is being sent on a trade. */
export async function lockTemplateOfUser(
  tx: Tx,
  userId: string,
  id: string,
): Promise<PaymentTemplateRow | null> {
  const [row] = await tx
    .select()
    .from(paymentTemplates)
    .where(and(eq(paymentTemplates.id, id), eq(paymentTemplates.userId, userId)))
    .for('update');
  return row ?? null;
}

/** Clears the user's default, except on `keepId`; call before setting a new default. */
export async function clearDefault(tx: Tx, userId: string, keepId: string | null, now: Date): Promise<void> {
  const conditions = [eq(paymentTemplates.userId, userId), eq(paymentTemplates.isDefault, true)];
  if (keepId) conditions.push(ne(paymentTemplates.id, keepId));
  await tx
    .update(paymentTemplates)
    .set({ isDefault: false, updatedAt: now })
    .where(and(...conditions));
}

export async function insertTemplate(tx: Tx, values: NewPaymentTemplate): Promise<PaymentTemplateRow> {
  const [row] = await tx.insert(paymentTemplates).values(values).returning();
  if (!row) throw new Error('payment template insert returned nothing');
  return row;
}

export async function updateTemplate(
  tx: Tx,
  id: string,
  patch: Partial<NewPaymentTemplate>,
): Promise<PaymentTemplateRow> {
  const [row] = await tx.update(paymentTemplates).set(patch).where(eq(paymentTemplates.id, id)).returning();
  if (!row) throw new Error('payment template update matched nothing');
  return row;
}

export async function deleteTemplate(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(paymentTemplates)
    .where(and(eq(paymentTemplates.id, id), eq(paymentTemplates.userId, userId)))
    .returning({ id: paymentTemplates.id });
  return rows.length > 0;
}

export async function markTemplateUsed(tx: Tx, id: string, now: Date): Promise<void> {
  await tx
    .update(paymentTemplates)
    .set({ usageCount: sql`${paymentTemplates.usageCount} + 1`, lastUsedAt: now })
    .where(eq(paymentTemplates.id, id));
}

export async function insertSentDetails(
  tx: Tx,
  values: typeof tradePaymentDetails.$inferInsert,
): Promise<void> {
  await tx.insert(tradePaymentDetails).values(values);
}

/** Whether the seller has sent details on this trade before (inside the trade's lock). */
export async function hasSentDetails(tx: Tx, tradeId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: tradePaymentDetails.id })
    .from(tradePaymentDetails)
    .where(eq(tradePaymentDetails.tradeId, tradeId))
    .limit(1);
  return row !== undefined;
}

/**
 * Moves a trade's payment deadline (the buyer's window restarts when the first details arrive,
 * docs/decisions/034); only a later deadline is ever written.
 */
export async function extendPaymentDeadline(
  tx: Tx,
  tradeId: string,
  deadline: Date,
  now: Date,
): Promise<void> {
  await tx
    .update(trades)
    .set({ paymentDeadline: deadline, updatedAt: now })
    .where(and(eq(trades.id, tradeId), lt(trades.paymentDeadline, deadline)));
}

/** Every set of details sent on these trades, oldest first (the last one is current). */
export async function sentDetailsOf(db: Executor, tradeIds: string[]): Promise<TradePaymentDetailsRow[]> {
  if (tradeIds.length === 0) return [];
  return db
    .select()
    .from(tradePaymentDetails)
    .where(inArray(tradePaymentDetails.tradeId, tradeIds))
    .orderBy(asc(tradePaymentDetails.id));
}
