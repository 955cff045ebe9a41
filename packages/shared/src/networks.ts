import type { Cryptocurrency } from './money.ts';

/**
 * The blockchain networks money can enter and leave by (docs/product/wallet-and-withdrawals.md).
 * A network is one asset on one chain: USDT travels on Ethereum (ERC-20) and on TRON (TRC-20)
 * into the same USDT balance. Amounts are decimal strings in the asset's unit, as on the wire.
 */
export const CHAINS = ['bitcoin', 'ethereum', 'bsc', 'tron', 'solana', 'cardano', 'dogecoin'] as const;
export type Chain = (typeof CHAINS)[number];

/**
 * How a chain is read and how its addresses look. Dogecoin is a Bitcoin-like UTXO chain but
 * has no SegWit and its own base58 version bytes, so it is a family of its own.
 */
export type ChainFamily = 'bitcoin' | 'evm' | 'tron' | 'solana' | 'cardano' | 'dogecoin';

export const NETWORK_IDS = [
  'BTC',
  'ETH',
  'USDT-ERC20',
  'USDT-TRC20',
  'BNB-BEP20',
  'SOL',
  'USDT-SPL',
  'ADA',
  'DOGE',
] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export interface NetworkInfo {
  id: NetworkId;
  currency: Cryptocurrency;
  chain: Chain;
  family: ChainFamily;
  /** Human name of the network, the same in both languages. */
  label: string;
  /** A token on its chain (ERC-20, TRC-20, SPL) rather than the chain's native coin. */
  token: 'ERC20' | 'TRC20' | 'SPL' | null;
  deposit: { min: string; max: string; confirmations: number };
  withdraw: { min: string; max: string; fee: string; etaMinutes: readonly [number, number] };
  /** Block explorer pages; `{hash}` / `{address}` are replaced. */
  explorer: { tx: string; address: string };
}

/**
 * Limits and fees (docs/product/wallet-and-withdrawals.md). BTC credits at 3 confirmations (the
 * safe end of the usual 1 to 3: credited coins can back a sale for irreversible fiat at once).
 * USDT-ERC20 inherits Ethereum's 12. BNB on BNB Smart Chain: 15 confirmations (≈45 s at 3 s
 * blocks), limits and fee in line with the other coins' order of magnitude.
 *
 * The spec's other coins (docs/decisions/031-doge-sol-ada.md):
 * - SOL and USDT-SPL credit once the transfer's block is `finalized` (confirmations 1 means
 *   "finalized", not one block on top): a finalized Solana block cannot be rolled back.
 * - ADA credits at 15 blocks (about 5 minutes at Cardano's ~20 s blocks): Ouroboros settles
 *   probabilistically and a rollback deeper than a few blocks needs a stake majority; the
 *   protocol's hard bound (k = 2160 blocks, 12 hours) is far too long to make a buyer wait.
 * - DOGE credits at 40 blocks (about 40 minutes at one-minute blocks): its blocks come ten
 *   times as often as Bitcoin's, each carries less work, so it waits longer than BTC's
 *   3 confirmations in both blocks and time, as the usual exchanges do.
 */
export const NETWORKS: Record<NetworkId, NetworkInfo> = {
  BTC: {
    id: 'BTC',
    currency: 'BTC',
    chain: 'bitcoin',
    family: 'bitcoin',
    label: 'Bitcoin',
    token: null,
    deposit: { min: '0.001', max: '10', confirmations: 3 },
    withdraw: { min: '0.001', max: '10', fee: '0.0005', etaMinutes: [15, 30] },
    explorer: { tx: 'https://mempool.space/tx/{hash}', address: 'https://mempool.space/address/{address}' },
  },
  ETH: {
    id: 'ETH',
    currency: 'ETH',
    chain: 'ethereum',
    family: 'evm',
    label: 'Ethereum',
    token: null,
    deposit: { min: '0.01', max: '100', confirmations: 12 },
    withdraw: { min: '0.01', max: '100', fee: '0.005', etaMinutes: [5, 15] },
    explorer: { tx: 'https://etherscan.io/tx/{hash}', address: 'https://etherscan.io/address/{address}' },
  },
  'USDT-ERC20': {
    id: 'USDT-ERC20',
    currency: 'USDT',
    chain: 'ethereum',
    family: 'evm',
    label: 'Ethereum (ERC-20)',
    token: 'ERC20',
    deposit: { min: '10', max: '50000', confirmations: 12 },
    withdraw: { min: '10', max: '50000', fee: '5', etaMinutes: [5, 15] },
    explorer: { tx: 'https://etherscan.io/tx/{hash}', address: 'https://etherscan.io/address/{address}' },
  },
  'USDT-TRC20': {
    id: 'USDT-TRC20',
    currency: 'USDT',
    chain: 'tron',
    family: 'tron',
    label: 'TRON (TRC-20)',
    token: 'TRC20',
    deposit: { min: '10', max: '50000', confirmations: 1 },
    withdraw: { min: '10', max: '50000', fee: '1', etaMinutes: [3, 10] },
    explorer: {
      tx: 'https://tronscan.org/#/transaction/{hash}',
      address: 'https://tronscan.org/#/address/{address}',
    },
  },
  'BNB-BEP20': {
    id: 'BNB-BEP20',
    currency: 'BNB',
    chain: 'bsc',
    family: 'evm',
    label: 'BNB Smart Chain (BEP-20)',
    token: null,
    deposit: { min: '0.01', max: '1000', confirmations: 15 },
    withdraw: { min: '0.01', max: '1000', fee: '0.0005', etaMinutes: [3, 10] },
    explorer: { tx: 'https://bscscan.com/tx/{hash}', address: 'https://bscscan.com/address/{address}' },
  },
  SOL: {
    id: 'SOL',
    currency: 'SOL',
    chain: 'solana',
    family: 'solana',
    label: 'Solana',
    token: null,
    deposit: { min: '0.1', max: '10000', confirmations: 1 },
    withdraw: { min: '0.1', max: '10000', fee: '0.01', etaMinutes: [1, 5] },
    explorer: { tx: 'https://solscan.io/tx/{hash}', address: 'https://solscan.io/account/{address}' },
  },
  'USDT-SPL': {
    id: 'USDT-SPL',
    currency: 'USDT',
    chain: 'solana',
    family: 'solana',
    label: 'Solana (SPL)',
    token: 'SPL',
    deposit: { min: '10', max: '50000', confirmations: 1 },
    withdraw: { min: '10', max: '50000', fee: '1', etaMinutes: [1, 5] },
    explorer: { tx: 'https://solscan.io/tx/{hash}', address: 'https://solscan.io/account/{address}' },
  },
  ADA: {
    id: 'ADA',
    currency: 'ADA',
    chain: 'cardano',
    family: 'cardano',
    label: 'Cardano',
    token: null,
    deposit: { min: '10', max: '500000', confirmations: 15 },
    withdraw: { min: '10', max: '500000', fee: '1', etaMinutes: [2, 10] },
    explorer: {
      tx: 'https://cardanoscan.io/transaction/{hash}',
      address: 'https://cardanoscan.io/address/{address}',
    },
  },
  DOGE: {
    id: 'DOGE',
    currency: 'DOGE',
    chain: 'dogecoin',
    family: 'dogecoin',
    label: 'Dogecoin',
    token: null,
    deposit: { min: '10', max: '2000000', confirmations: 40 },
    withdraw: { min: '20', max: '1000000', fee: '2', etaMinutes: [10, 45] },
    explorer: {
      tx: 'https://blockchair.com/dogecoin/transaction/{hash}',
      address: 'https://blockchair.com/dogecoin/address/{address}',
    },
  },
};

export function isNetworkId(value: string): value is NetworkId {
  return Object.hasOwn(NETWORKS, value);
}

/** Networks a currency can be deposited or withdrawn by, in display order. */
export function networksOf(currency: Cryptocurrency): NetworkInfo[] {
  return NETWORK_IDS.map((id) => NETWORKS[id]).filter((n) => n.currency === currency);
}

/** The network a currency uses when the client names none (its first, e.g. USDT -> ERC-20). */
export function defaultNetworkOf(currency: Cryptocurrency): NetworkInfo {
  const [first] = networksOf(currency);
  if (!first) throw new RangeError(`no network for ${currency}`);
  return first;
}

export function explorerTxUrl(network: NetworkId, hash: string): string {
  return NETWORKS[network].explorer.tx.replace('{hash}', encodeURIComponent(hash));
}
