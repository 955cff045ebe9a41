import { and, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  type DepositRow,
  deposits,
  staff,
  type TradeRow,
  trades,
  type UserNoteRow,
  type UserRow,
  userNotes,
  users,
  type WithdrawalRow,
  withdrawals,
} from '../../db/schema.ts';

/** The rows of a user's page in the back office (docs/decisions/016-back-office.md), newest first. */

const partyOf = (userId: string) => or(eq(trades.buyerId, userId), eq(trades.sellerId, userId));

export async function recentTradesOf(db: Executor, userId: string, limit: number): Promise<TradeRow[]> {
  return db.select().from(trades).where(partyOf(userId)).orderBy(desc(trades.createdAt)).limit(limit);
}

/** The user's trades that went to dispute (open or resolved), latest dispute first. */
export async function recentDisputesOf(db: Executor, userId: string, limit: number): Promise<TradeRow[]> {
  return db
    .select()
    .from(trades)
    .where(and(partyOf(userId), isNotNull(trades.disputedAt)))
    .orderBy(desc(trades.disputedAt))
    .limit(limit);
}

export async function recentWithdrawalsOf(
  db: Executor,
  userId: string,
  limit: number,
): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.createdAt))
    .limit(limit);
}

export async function recentDepositsOf(db: Executor, userId: string, limit: number): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.seenAt))
    .limit(limit);
}

export async function usersByIds(db: Executor, ids: string[]): Promise<UserRow[]> {
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Staff notes on a user with their authors (null: an author no longer on file), newest first. */
export async function notesOf(db: Executor, userId: string) {
  return db
    .select({ note: userNotes, author: staff })
    .from(userNotes)
    .leftJoin(staff, eq(staff.id, userNotes.staffId))
    .where(eq(userNotes.userId, userId))
    .orderBy(desc(userNotes.createdAt), desc(userNotes.id));
}

export async function insertNote(
  tx: Tx,
  values: typeof userNotes.$inferInsert,
): Promise<UserNoteRow | undefined> {
  const [row] = await tx.insert(userNotes).values(values).returning();
  return row;
}

export async function lockUser(tx: Tx, userId: string): Promise<UserRow | null> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row ?? null;
}

/** Sets (or, with nulls, clears) a user's block. */
export async function setBlock(
  tx: Tx,
  userId: string,
  block: Pick<UserRow, 'blockedAt' | 'blockReason' | 'blockedBy'>,
): Promise<void> {
  await tx.update(users).set(block).where(eq(users.id, userId));
}
