import { type Chain, NETWORKS, type NetworkId } from '@p2p/shared';
import { validateAddress } from '@p2p/shared/address';
import type { Executor } from '../../db/client.ts';
import { devnetSolanaAddress } from '../chains/index.ts';
import {
  addToPool,
  depositAddressesAmong,
  freeByChain,
  pooledAmong,
  pooledCount,
} from './address-pool.repository.ts';

/** What an import did: addresses added, duplicates skipped, and the lines that are no address. */
export interface PoolImportReport {
  imported: number;
  /** Repeated within the file, already in the pool, or already some user's deposit address. */
  duplicates: number;
  invalid: { line: number; text: string }[];
}

/**
 * Fills a network's chain pool from an operator's list, one address per line
 * (docs/decisions/032-address-pool-solana-cardano.md). Blank lines and `#` comments are
 * skipped; every other line must pass the network's address check (the same one withdrawals
 * use; devnet Bitcoin addresses are regtest) and is stored in its canonical form. Invalid
 * lines are reported with their numbers and not imported; the valid ones are.
 */
export async function importPoolAddresses(
  db: Executor,
  network: NetworkId,
  text: string,
  options: { devnet: boolean; now: Date },
): Promise<PoolImportReport> {
  const { chain } = NETWORKS[network];
  const report: PoolImportReport = { imported: 0, duplicates: 0, invalid: [] };
  const fresh = new Set<string>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const check = validateAddress(network, line, { devnet: options.devnet });
    if (!check.ok) {
      report.invalid.push({ line: i + 1, text: line.slice(0, 120) });
      return;
    }
    if (fresh.has(check.canonical)) report.duplicates++;
    else fresh.add(check.canonical);
  });
  const candidates = [...fresh];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const pooled = await pooledAmong(db, chain, batch);
    const inUse = await depositAddressesAmong(db, chain, batch);
    const add = batch.filter((a) => !pooled.has(a) && !inUse.has(a));
    const added = await addToPool(db, chain, add, options.now);
    report.imported += added;
    report.duplicates += batch.length - added;
  }
  return report;
}

const BATCH = 1_000;

/**
 * Free pool addresses of every enabled network whose chain draws from the pool (a chain's
 * networks share one pool, so SOL and USDT-SPL show the same figure).
 */
export async function poolRemaining(
  db: Executor,
  networks: readonly NetworkId[],
  poolChains: readonly string[],
): Promise<{ network: NetworkId; remaining: number }[]> {
  const onPool = networks.filter((n) => poolChains.includes(NETWORKS[n].chain));
  if (onPool.length === 0) return [];
  const free = await freeByChain(db);
  return onPool.map((network) => ({ network, remaining: free.get(NETWORKS[network].chain) ?? 0 }));
}

/** Devnet pool chains and the wallet that fills them: the test seed's (public knowledge). */
const DEVNET_WALLETS: Partial<Record<string, (index: number) => string>> = {
  // m/44'/501'/i'/0', the path Solana wallets use (SLIP-0010 ed25519).
  solana: devnetSolanaAddress,
};

/** Addresses added to a devnet pool at a time. */
export const DEVNET_POOL_BATCH = 100;

/**
 * CHAIN_MODE=devnet only (docs/decisions/032): fills a pool chain with the next addresses of
 * the test seed's wallet, as an operator's wallet would export them (public addresses only),
 * so `npm start` serves SOL and USDT-SPL without an import. Returns how many were added
 * (0 for a chain without a devnet wallet). Concurrent fills add each address once.
 */
export async function topUpDevnetPool(
  db: Executor,
  chain: string,
  now: Date,
  count = DEVNET_POOL_BATCH,
): Promise<number> {
  const wallet = DEVNET_WALLETS[chain];
  if (!wallet) return 0;
  const start = await pooledCount(db, chain);
  const addresses = Array.from({ length: count }, (_, i) => wallet(start + i));
  const inUse = await depositAddressesAmong(db, chain as Chain, addresses);
  return addToPool(
    db,
    chain as Chain,
    addresses.filter((a) => !inUse.has(a)),
    now,
  );
}

/** At a devnet start: every devnet pool chain gets a batch when fewer than one is free. */
export async function fillDevnetPools(
  db: Executor,
  poolChains: readonly string[],
  now: Date,
): Promise<number> {
  const free = await freeByChain(db);
  let added = 0;
  for (const chain of poolChains) {
    if ((free.get(chain) ?? 0) < DEVNET_POOL_BATCH) added += await topUpDevnetPool(db, chain, now);
  }
  return added;
}
