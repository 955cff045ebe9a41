import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type StaffApprovalRow, staffApprovals } from '../../db/schema.ts';

export type NewApproval = Pick<
  StaffApprovalRow,
  | 'kind'
  | 'tradeId'
  | 'userId'
  | 'cryptocurrency'
  | 'amount'
  | 'usdCents'
  | 'payload'
  | 'proposedBy'
  | 'proposedAt'
> & { withdrawalId?: string | null };

/** Stores a proposal (in the proposer's transaction). */
export async function insertApproval(tx: Tx, values: NewApproval): Promise<StaffApprovalRow> {
  const [row] = await tx
    .insert(staffApprovals)
    .values({ ...values, status: 'pending' })
    .returning();
  if (!row) throw new Error('approval insert returned nothing');
  return row;
}

export async function findApproval(db: Executor, id: string): Promise<StaffApprovalRow | null> {
  const [row] = await db.select().from(staffApprovals).where(eq(staffApprovals.id, id));
  return row ?? null;
}

/** The proposal locked until commit: two decisions on one proposal run one after the other. */
export async function lockApproval(tx: Tx, id: string): Promise<StaffApprovalRow | null> {
  const [row] = await tx.select().from(staffApprovals).where(eq(staffApprovals.id, id)).for('update');
  return row ?? null;
}

/** The open proposal of a dispute, if any (at most one: a partial unique index). */
export async function pendingForTrade(db: Executor, tradeId: string): Promise<StaffApprovalRow | null> {
  const [row] = await db
    .select()
    .from(staffApprovals)
    .where(and(eq(staffApprovals.tradeId, tradeId), eq(staffApprovals.status, 'pending')));
  return row ?? null;
}

/** Closes a pending proposal; false when it was no longer pending. */
export async function decideApproval(
  tx: Tx,
  id: string,
  decision: {
    status: 'approved' | 'rejected' | 'cancelled';
    decidedBy: string;
    decidedAt: Date;
    decisionNote: string | null;
  },
): Promise<StaffApprovalRow | null> {
  const [row] = await tx
    .update(staffApprovals)
    .set(decision)
    .where(and(eq(staffApprovals.id, id), eq(staffApprovals.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Pending proposals, the oldest first; or decided ones, the latest decision first. */
export async function listApprovals(
  db: Executor,
  state: 'pending' | 'decided',
  page: { limit: number; offset: number },
): Promise<{ rows: StaffApprovalRow[]; total: number }> {
  const where =
    state === 'pending' ? eq(staffApprovals.status, 'pending') : ne(staffApprovals.status, 'pending');
  const order =
    state === 'pending'
      ? [asc(staffApprovals.proposedAt), asc(staffApprovals.id)]
      : [desc(staffApprovals.decidedAt), desc(staffApprovals.id)];
  const rows = await db
    .select()
    .from(staffApprovals)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: await countApprovals(db, state) };
}

export async function countApprovals(db: Executor, state: 'pending' | 'decided'): Promise<number> {
  const where =
    state === 'pending' ? eq(staffApprovals.status, 'pending') : ne(staffApprovals.status, 'pending');
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(staffApprovals)
    .where(where);
  return row?.n ?? 0;
}

/** The open fail proposal of a withdrawal, if any (at most one: a partial unique index). */
export async function pendingForWithdrawal(
  db: Executor,
  withdrawalId: string,
): Promise<StaffApprovalRow | null> {
  const [row] = await db
    .select()
    .from(staffApprovals)
    .where(and(eq(staffApprovals.withdrawalId, withdrawalId), eq(staffApprovals.status, 'pending')));
  return row ?? null;
}
