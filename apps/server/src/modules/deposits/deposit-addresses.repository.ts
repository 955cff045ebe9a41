import type { Chain } from '@p2p/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type DepositAddressRow, depositAddresses } from '../../db/schema.ts';

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
