import type { DepositStatus, NetworkId } from '@p2p/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { chainWatchState, type DepositRow, deposits } from '../../db/schema.ts';

export type NewDeposit = typeof deposits.$inferInsert;

/** Inserts a newly seen transfer; null when another watcher recorded it first. */
export async function insertDeposit(db: Executor, values: NewDeposit): Promise<DepositRow | null> {
  const [row] = await db
    .insert(deposits)
    .values(values)
    .onConflictDoNothing({ target: [deposits.network, deposits.txHash, deposits.outputIndex] })
    .returning();
  return row ?? null;
}

export async function lockDeposit(tx: Tx, id: string): Promise<DepositRow | null> {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  return row ?? null;
}

export async function updateDeposit(tx: Tx, id: string, patch: Partial<NewDeposit>): Promise<DepositRow> {
  const [row] = await tx.update(deposits).set(patch).where(eq(deposits.id, id)).returning();
  if (!row) throw new Error('deposit update matched nothing');
  return row;
}

/** Keys `txHash:outputIndex` among these transactions that are already recorded. */
export async function knownTransferKeys(
  db: Executor,
  network: NetworkId,
  txHashes: string[],
): Promise<Set<string>> {
  if (txHashes.length === 0) return new Set();
  const rows = await db
    .select({ txHash: deposits.txHash, outputIndex: deposits.outputIndex })
    .from(deposits)
    .where(and(eq(deposits.network, network), inArray(deposits.txHash, [...new Set(txHashes)])));
  return new Set(rows.map((r) => `${r.txHash}:${r.outputIndex}`));
}

/** Pending deposits of a network, oldest first: the ones a watcher re-checks each tick. */
export async function pendingDeposits(
  db: Executor,
  network: NetworkId,
  limit: number,
): Promise<DepositRow[]> {
  return db
    .select()
    .from(deposits)
    .where(and(eq(deposits.network, network), eq(deposits.status, 'pending')))
    .orderBy(asc(deposits.seenAt), asc(deposits.id))
    .limit(limit);
}

export interface DepositFilter {
  status?: DepositStatus | undefined;
  network?: NetworkId | undefined;
  limit: number;
  offset: number;
}

/** A user's deposits, newest first. */
export async function depositsOfUser(
  db: Executor,
  userId: string,
  filter: DepositFilter,
): Promise<{ rows: DepositRow[]; total: number }> {
  const conditions: SQL[] = [eq(deposits.userId, userId)];
  if (filter.status) conditions.push(eq(deposits.status, filter.status));
  if (filter.network) conditions.push(eq(deposits.network, filter.network));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(deposits)
    .where(where)
    .orderBy(desc(deposits.seenAt), desc(deposits.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [count] = await db.select({ n: sql<string>`COUNT(*)` }).from(deposits).where(where);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function scannedHeight(db: Executor, network: NetworkId): Promise<number | null> {
  const [row] = await db
    .select({ height: chainWatchState.scannedHeight })
    .from(chainWatchState)
    .where(eq(chainWatchState.network, network));
  return row ? row.height : null;
}

/** Moves a network's scan mark forward (never back: instances may report out of order). */
export async function saveScannedHeight(db: Executor, network: NetworkId, height: number, now: Date) {
  await db
    .insert(chainWatchState)
    .values({ network, scannedHeight: height, updatedAt: now })
    .onConflictDoUpdate({
      target: chainWatchState.network,
      set: {
        scannedHeight: sql`GREATEST(${chainWatchState.scannedHeight}, excluded.scanned_height)`,
        updatedAt: now,
      },
    });
}
