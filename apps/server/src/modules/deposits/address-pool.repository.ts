import type { Chain } from '@p2p/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import { addressPool, depositAddresses } from '../../db/schema.ts';

/** Addresses are stored canonical, as deposit_addresses and the watchers have them. */

/** Which of `addresses` the pool of `chain` already holds. */
export async function pooledAmong(db: Executor, chain: Chain, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: addressPool.address })
    .from(addressPool)
    .where(and(eq(addressPool.chain, chain), inArray(addressPool.address, addresses)));
  return new Set(rows.map((r) => r.address));
}

/** Which of `addresses` are already users' deposit addresses on `chain`. */
export async function depositAddressesAmong(
  db: Executor,
  chain: Chain,
  addresses: string[],
): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const rows = await db
    .select({ address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chain, chain), inArray(depositAddresses.address, addresses)));
  return new Set(rows.map((r) => r.address));
}

/** Adds free addresses; those already there (another import won the race) are skipped. Returns how many were added. */
export async function addToPool(db: Executor, chain: Chain, addresses: string[], now: Date): Promise<number> {
  if (addresses.length === 0) return 0;
  const rows = await db
    .insert(addressPool)
    .values(addresses.map((address) => ({ chain, address, importedAt: now })))
    .onConflictDoNothing({ target: [addressPool.chain, addressPool.address] })
    .returning({ id: addressPool.id });
  return rows.length;
}

/**
 * Serializes one user's first requests on one chain until the transaction ends (a
 * transaction-level advisory lock on the pair; other users never wait on it).
 */
export async function lockUserChain(tx: Tx, chain: Chain, userId: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`address-pool:${chain}:${userId}`}, 0))`,
  );
}

/**
 * Takes the oldest free address of the chain for `userId`, or null when none is left. Rows
 * another transaction is taking are skipped (SKIP LOCKED), so concurrent first requests of
 * different users never wait for each other nor get the same address.
 */
export async function takeFromPool(tx: Tx, chain: Chain, userId: string, now: Date): Promise<string | null> {
  const [row] = await queryRows<{ address: string }>(
    tx,
    sql`UPDATE address_pool SET allocated_to = ${userId}, allocated_at = ${now.toISOString()}::timestamptz
        WHERE id = (SELECT id FROM address_pool
                    WHERE chain = ${chain} AND allocated_to IS NULL
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING address`,
  );
  return row?.address ?? null;
}

/** Free addresses per chain (chains whose pool never had any are absent). */
export async function freeByChain(db: Executor): Promise<Map<string, number>> {
  const rows = await queryRows<{ chain: string; free: string | number }>(
    db,
    sql`SELECT chain, count(*) FILTER (WHERE allocated_to IS NULL) AS free
        FROM address_pool GROUP BY chain`,
  );
  return new Map(rows.map((r) => [r.chain, Number(r.free)]));
}

/** Every address the chain's pool ever received, free or not. */
export async function pooledCount(db: Executor, chain: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM address_pool WHERE chain = ${chain}`,
  );
  return Number(row?.n ?? 0);
}
