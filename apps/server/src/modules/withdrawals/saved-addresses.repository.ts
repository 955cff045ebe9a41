import type { NetworkId } from '@p2p/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type WithdrawalAddressRow, withdrawalAddresses } from '../../db/schema.ts';

export function savedAddressesOf(db: Executor, userId: string): Promise<WithdrawalAddressRow[]> {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId))
    .orderBy(asc(withdrawalAddresses.createdAt), asc(withdrawalAddresses.id));
}

export async function savedAddressOf(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)));
  return row ?? null;
}

export async function countSavedAddresses(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.userId, userId));
  return row?.n ?? 0;
}

/** Null when the user already saved this address on this network. */
export async function insertSavedAddress(
  db: Executor,
  values: { userId: string; network: NetworkId; address: string; label: string; createdAt: Date },
): Promise<WithdrawalAddressRow | null> {
  const [row] = await db.insert(withdrawalAddresses).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteSavedAddress(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.userId, userId)))
    .returning({ id: withdrawalAddresses.id });
  return rows.length === 1;
}
