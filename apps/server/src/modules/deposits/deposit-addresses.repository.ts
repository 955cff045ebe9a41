import type { Chain } from '@p2p/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { type DepositAddressRow, depositAddressCounters, depositAddresses } from '../../db/schema.ts';

/**
 * Deposit addresses are stored in their canonical form (EIP-55 checksum for EVM chains,
 * lower-case bech32 for Bitcoin, base58check for TRON); callers canonicalize an address
 * before looking it up.
 */
export async function findAddressOwner(
  db: Executor,
  chain: Chain,
  canonicalAddress: string,
): Promise<DepositAddressRow | null> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chain, chain), eq(depositAddresses.address, canonicalAddress)))
    .limit(1);
  return row ?? null;
}

export async function addressOfUser(
  db: Executor,
  chain: Chain,
  userId: string,
): Promise<DepositAddressRow | null> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chain, chain), eq(depositAddresses.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Every deposit address of a chain, canonical address -> owner (what the watcher matches). */
export async function addressBook(db: Executor, chain: Chain): Promise<Map<string, string>> {
  const rows = await db
    .select({ address: depositAddresses.address, userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(eq(depositAddresses.chain, chain));
  return new Map(rows.map((r) => [r.address, r.userId]));
}

/**
 * Locks a chain's counter row and returns the next free derivation index. The lock
 * serializes allocations across instances until the caller's transaction ends.
 */
export async function lockNextIndex(tx: Tx, chain: Chain): Promise<number> {
  const [row] = await queryRows<{ next_index: number; top: number | null }>(
    tx,
    sql`SELECT c.next_index,
               (SELECT MAX(derivation_index) FROM deposit_addresses a WHERE a.chain = c.chain) AS top
        FROM deposit_address_counters c WHERE c.chain = ${chain} FOR UPDATE OF c`,
  );
  if (!row) throw new Error(`no deposit address counter for ${chain}`);
  // Rows that mirror another chain's index (BNB Smart Chain on the Ethereum key) may sit
  // above the counter; never hand an index out twice.
  return Math.max(Number(row.next_index), row.top === null ? 0 : Number(row.top) + 1);
}

export async function setNextIndex(tx: Tx, chain: Chain, next: number): Promise<void> {
  await tx
    .update(depositAddressCounters)
    .set({ nextIndex: next })
    .where(eq(depositAddressCounters.chain, chain));
}

/** Inserts a user's address; false when the user already has one on that chain. */
export async function insertAddress(
  db: Executor,
  values: { chain: Chain; userId: string; derivationIndex: number | null; address: string; now: Date },
): Promise<boolean> {
  const { now, ...rest } = values;
  const rows = await db
    .insert(depositAddresses)
    .values({ ...rest, createdAt: now })
    .onConflictDoNothing({ target: [depositAddresses.chain, depositAddresses.userId] })
    .returning({ chain: depositAddresses.chain });
  return rows.length > 0;
}
