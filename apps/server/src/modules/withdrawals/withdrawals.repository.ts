import type { NetworkId, WithdrawalStatus } from '@p2p/shared';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { staff, users, type WithdrawalRow, withdrawals } from '../../db/schema.ts';

type NewWithdrawal = typeof withdrawals.$inferInsert;

export interface Owner {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
}
/** The admin who claimed a withdrawal for sending, and whether that account is still enabled. */
export interface Claimer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'moderator' | 'admin';
  disabledAt: Date | null;
}
export type WithdrawalWithOwner = WithdrawalRow & { owner: Owner; claimer: Claimer | null };

export async function insertWithdrawal(tx: Tx, values: NewWithdrawal): Promise<WithdrawalRow> {
  const [row] = await tx.insert(withdrawals).values(values).returning();
  if (!row) throw new Error('withdrawal insert returned nothing');
  return row;
}

/**
 * The claimer of a locked withdrawal (docs/decisions/023): who it is, and whether the account
 * is still enabled. A plain read: the staff row is not locked.
 */
export async function claimerOf(db: Executor, staffId: string): Promise<Claimer | null> {
  const [row] = await db.select(claimerColumns).from(staff).where(eq(staff.id, staffId));
  return row ?? null;
}

/** The row locked until commit: every status change of a withdrawal runs behind this lock. */
export async function findWithdrawal(db: Executor, id: string): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

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
const claimerColumns = {
  id: staff.id,
  firstName: staff.firstName,
  lastName: staff.lastName,
  email: staff.email,
  role: staff.role,
  disabledAt: staff.disabledAt,
};

async function page(
  db: Executor,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalWithOwner[]; total: number }> {
  const rows = await db
    .select({ w: withdrawals, owner: ownerColumns, claimer: claimerColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(staff, eq(staff.id, withdrawals.claimedBy))
    .where(where)
    .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(withdrawals)
    .where(where);
  return {
    rows: rows.map((r) => ({ ...r.w, owner: r.owner, claimer: r.claimer })),
    total: count?.total ?? 0,
  };
}

/** A user's own withdrawals, newest first (internal transfers they sent included). */
export function withdrawalsOfUser(
  db: Executor,
  {
    userId,
    status,
    limit,
    offset,
  }: { userId: string; status: WithdrawalStatus | undefined; limit: number; offset: number },
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
    .select({ w: withdrawals, owner: ownerColumns, claimer: claimerColumns })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .leftJoin(staff, eq(staff.id, withdrawals.claimedBy))
    .where(eq(withdrawals.id, id));
  return row ? { ...row.w, owner: row.owner, claimer: row.claimer } : null;
}
