import { randomBytes } from 'node:crypto';
import type { NetworkId } from '@p2p/shared';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../../db/client.ts';
import { type DevnetTransferRow, devnetBlocks, devnetChains, devnetTransfers } from '../../../db/schema.ts';

/** The simulated chains' tables (devnet only). */

export async function lockChain(tx: Tx, network: NetworkId, skipLocked: boolean) {
  const query = tx.select().from(devnetChains).where(eq(devnetChains.network, network));
  const [row] = await (skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
  return row ?? null;
}

export async function chainHeight(db: Executor, network: NetworkId): Promise<number> {
  const [row] = await db
    .select({ height: devnetChains.height })
    .from(devnetChains)
    .where(eq(devnetChains.network, network));
  return row?.height ?? 0;
}

/**
 * Appends `count` blocks on top of `height` (the caller holds the chain row). The first new
 * block takes every transfer waiting in the mempool. Returns the new height.
 */
export async function appendBlocks(
  tx: Tx,
  { network, height, count, now }: { network: NetworkId; height: number; count: number; now: Date },
) {
  const blocks = Array.from({ length: count }, (_, i) => ({
    network,
    height: height + i + 1,
    hash: randomBytes(32).toString('hex'),
    minedAt: now,
  }));
  await tx.insert(devnetBlocks).values(blocks);
  await tx
    .update(devnetTransfers)
    .set({ blockHeight: height + 1 })
    .where(
      and(
        eq(devnetTransfers.network, network),
        isNull(devnetTransfers.blockHeight),
        isNull(devnetTransfers.droppedAt),
      ),
    );
  const top = height + count;
  await tx
    .update(devnetChains)
    .set({ height: top, lastBlockAt: now })
    .where(eq(devnetChains.network, network));
  return top;
}

/** Starts the block clock of a chain that never produced (no block is mined for it). */
export async function startClock(tx: Tx, network: NetworkId, now: Date) {
  await tx.update(devnetChains).set({ lastBlockAt: now }).where(eq(devnetChains.network, network));
}

export async function insertTransfer(
  db: Executor,
  values: {
    network: NetworkId;
    txHash: string;
    outputIndex: number;
    toAddress: string;
    amount: bigint;
    sentBy: string | null;
    now: Date;
  },
) {
  const { now, ...rest } = values;
  await db.insert(devnetTransfers).values({ ...rest, createdAt: now });
}

/** Live (not dropped) transfers to any of `addresses`, newest first. */
export async function transfersTo(
  db: Executor,
  network: NetworkId,
  addresses: string[],
): Promise<DevnetTransferRow[]> {
  if (addresses.length === 0) return [];
  return db
    .select()
    .from(devnetTransfers)
    .where(
      and(
        eq(devnetTransfers.network, network),
        inArray(devnetTransfers.toAddress, addresses),
        isNull(devnetTransfers.droppedAt),
      ),
    )
    .orderBy(desc(devnetTransfers.id))
    .limit(1000);
}

export async function findTransfer(
  db: Executor,
  network: NetworkId,
  txHash: string,
  outputIndex: number,
): Promise<DevnetTransferRow | null> {
  const [row] = await db
    .select()
    .from(devnetTransfers)
    .where(
      and(
        eq(devnetTransfers.network, network),
        eq(devnetTransfers.txHash, txHash),
        eq(devnetTransfers.outputIndex, outputIndex),
      ),
    );
  return row ?? null;
}

/** Takes a transfer off the chain (mempool eviction or a reorg); false if none was live. */
export async function dropTransfer(db: Executor, network: NetworkId, txHash: string, now: Date) {
  const rows = await db
    .update(devnetTransfers)
    .set({ droppedAt: now, blockHeight: null })
    .where(
      and(
        eq(devnetTransfers.network, network),
        eq(devnetTransfers.txHash, txHash),
        isNull(devnetTransfers.droppedAt),
      ),
    )
    .returning({ id: devnetTransfers.id });
  return rows.length > 0;
}
