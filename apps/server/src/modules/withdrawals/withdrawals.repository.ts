import type { NetworkId, WithdrawalStatus } from '@p2p/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { users, type WithdrawalRow, withdrawals } from '../../db/schema.ts';

type NewWithdrawal = typeof withdrawals.$inferInsert;

export interface Owner {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
}
export type WithdrawalWithOwner = WithdrawalRow & { owner: Owner };

export async function insertWithdrawal(tx: Tx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

/** The row locked until commit: every status change of a withdrawal runs behind this lock. */
export async function lockWithdrawal(tx: Tx, id: string): Promise<WithdrawalRow | null> {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update');
  return row ?? null;
}

export async function updateWithdrawal(
  tx: Tx,
  id: string,
  patch: Partial<NewWithdrawal>,
): Promise<WithdrawalRow> {
  const [row] = await tx.update(withdrawals).set(patch).where(eq(withdrawals.id, id)).returning();
  if (!row) throw new Error('withdrawal update matched nothing');
  return row;
}

export async function findByTxHash(db: Executor, network: NetworkId, txHash: string) {
  const [row] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.network, network), eq(withdrawals.txHash, txHash)))
    .limit(1);
  return row ?? null;
}

const ownerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
};

async function page(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalWithOwner[]; total: number }> {
  const rows = await db
    .select({ w: withdrawals, owner: ownerColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(withdrawals)
    .where(where);
  return { rows: rows.map((r) => ({ ...r.w, owner: r.owner })), total: count?.total ?? 0 };
}

/** A user's own withdrawals, newest first (internal transfers they sent included). */
export function withdrawalsOfUser(
  db: Executor,
  userId: string,
  status: WithdrawalStatus | undefined,
  limit: number,
  offset: number,
) {
  const where = and(eq(withdrawals.userId, userId), status ? eq(withdrawals.status, status) : undefined);
  return page(db, where, limit, offset);
}

/** The back-office queue, newest first, optionally one status. */
export function withdrawalQueue(
  db: Executor,
  status: WithdrawalStatus | undefined,
  limit: number,
  offset: number,
) {
  return page(db, status ? eq(withdrawals.status, status) : undefined, limit, offset);
}

export async function withdrawalWithOwner(db: Executor, id: string): Promise<WithdrawalWithOwner | null> {
  const [row] = await db
    .select({ w: withdrawals, owner: ownerColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.id, id));
  return row ? { ...row.w, owner: row.owner } : null;
}
