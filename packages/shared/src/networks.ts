import type { Cryptocurrency } from './money.ts';

/**
 * The blockchain networks money can enter and leave by (docs/product/wallet-and-withdrawals.md).
 * A network is one asset on one chain: USDT travels on Ethereum (ERC-20) and on TRON (TRC-20)
 * into the same USDT balance. Amounts are decimal strings in the asset's unit, as on the wire.
 */
export const CHAINS = ['bitcoin', 'ethereum', 'bsc', 'tron'] as const;
export type Chain = (typeof CHAINS)[number];

/** How a chain is read and how its addresses look. */
export type ChainFamily = 'bitcoin' | 'evm' | 'tron';

export const NETWORK_IDS = ['BTC', 'ETH', 'USDT-ERC20', 'USDT-TRC20', 'BNB-BEP20'] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export interface NetworkInfo {
  id: NetworkId;
  currency: Cryptocurrency;
  chain: Chain;
  family: ChainFamily;
  /** Human name of the network, the same in both languages. */
  label: string;
  /** A token on its chain (ERC-20, TRC-20) rather than the chain's native coin. */
  token: 'ERC20' | 'TRC20' | null;
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
