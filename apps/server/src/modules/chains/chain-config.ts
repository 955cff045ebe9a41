import { type Chain, type ChainMode, NETWORK_IDS, NETWORKS, type NetworkId } from '@p2p/shared';
import { base58 } from '@scure/base';
import { getAddress, isAddress } from 'viem';
import { cardanoAccountKeyText, DEVNET_CARDANO_ACCOUNT_KEY, parseCardanoAccountKey } from './cardano-keys.ts';
import { isXpubChain, KeyError, parseAccountKey, tronToHex, type XpubChain } from './keys.ts';

/**
 * Account-level PUBLIC keys of the well-known BIP39 test seed "abandon abandon … about",
 * used by the devnet when no key is configured. Anyone can spend from them, which is fine
 * for a chain with no real coins and is why live mode refuses them. Bitcoin uses the BIP84
 * test-network account m/84'/1'/0' and regtest addresses (`bcrt1…`), which no wallet would
 * send real bitcoin to; EVM and TRON addresses have no test-network form. Dogecoin uses the
 * BIP44 account m/44'/3'/0' and test-network addresses (`n…`). Solana and Cardano devnet
 * addresses come from devnet/devnet-addresses.ts.
 */
export const DEVNET_KEYS: Record<XpubChain, string> = {
  bitcoin:
    'vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc',
  ethereum:
    'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  bsc: 'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
  tron: 'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd',
  dogecoin:
    'xpub6Bxse8AT19u9HExKtP1EAudLi9CpLxPpxDvanL2fFtM7UFE2Q7TTWRg4bnMnmT4KcyN6GQkSgZmPWDtyUywSii3MDpMNfXSTuzH7gvZywLU',
};

/**
 * The networks with a live adapter (adapters.ts). Without CHAIN_NETWORKS, live mode takes
 * these; naming another one is refused at start, the devnet serves them all.
 */
export const LIVE_NETWORKS: readonly NetworkId[] = [
  'BTC',
  'ETH',
  'USDT-ERC20',
  'USDT-TRC20',
  'BNB-BEP20',
  'DOGE',
  'SOL',
  'USDT-SPL',
  'ADA',
];

/** Public test keys that must never receive real money (live mode refuses them). */
const TEST_KEYS = new Set([
  ...Object.values(DEVNET_KEYS),
  // BIP84's mainnet vector of the same seed.
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
  // The Dogecoin account of the same seed in Dogecoin's own version bytes.
  'dgub8rUhDtD3YFGZTUphBfpBbzvFxSMKQXYLzg87Me2ta78r2SdVLmypBUkkxrrn9RTnchsyiJSkHZyLWxD13ibBiXtuFWktBoDaGaZjQUBLNLs',
]);

export interface ChainConfig {
  mode: ChainMode;
  devnetBlockSeconds: number;
  /** Networks deposits are taken on. */
  networks: NetworkId[];
  /**
   * Chains whose deposit addresses are taken from the imported address pool instead of being
   * derived (docs/decisions/032-address-pool-solana-cardano.md); they need no key.
   */
  poolChains: Chain[];
  /** Account xpubs per chain; only chains of enabled networks are present. */
  keys: Partial<Record<XpubChain, string>>;
  /** Whether BNB Smart Chain uses the Ethereum key (then a user's two addresses are the same). */
  bscSharesEthereumKey: boolean;
  urls: {
    esplora: string;
    ethereum: string;
    bsc: string;
    tron: string;
    blockbookDoge: string;
    solana: string;
    blockfrost: string;
  };
  tronApiKey: string | null;
  blockfrostProjectId: string | null;
  /** Cardano account public key (CIP-1852), read by the Cardano derivation. */
  adaAccountKey: string | null;
  contracts: { usdtErc20: string; usdtTrc20: string; usdtSplMint: string };
}

export interface ChainEnv {
  NODE_ENV: string;
  CHAIN_MODE: ChainMode;
  DEVNET_BLOCK_SECONDS: number;
  /** Comma-separated; absent: every network on the devnet, LIVE_NETWORKS in live mode. */
  CHAIN_NETWORKS?: string | undefined;
  BTC_XPUB?: string | undefined;
  ETH_XPUB?: string | undefined;
  BSC_XPUB?: string | undefined;
  TRON_XPUB?: string | undefined;
  DOGE_XPUB?: string | undefined;
  ADA_ACCOUNT_XPUB?: string | undefined;
  ADDRESS_POOL_NETWORKS?: string | undefined;
  BTC_ESPLORA_URL: string;
  BLOCKBOOK_DOGE_URL: string;
  SOLANA_RPC_URL: string;
  BLOCKFROST_URL: string;
  BLOCKFROST_PROJECT_ID?: string | undefined;
  USDT_SPL_MINT: string;
  ETH_RPC_URL: string;
  BSC_RPC_URL: string;
  TRON_API_URL: string;
  TRON_API_KEY?: string | undefined;
  USDT_ERC20_CONTRACT: string;
  USDT_TRC20_CONTRACT: string;
}

const KEY_VARS: Record<XpubChain, 'BTC_XPUB' | 'ETH_XPUB' | 'BSC_XPUB' | 'TRON_XPUB' | 'DOGE_XPUB'> = {
  bitcoin: 'BTC_XPUB',
  ethereum: 'ETH_XPUB',
  bsc: 'BSC_XPUB',
  tron: 'TRON_XPUB',
  dogecoin: 'DOGE_XPUB',
};

/** Reads the chain settings; returns them and one line per problem (the caller refuses to start). */
export function readChainConfig(e: ChainEnv): { config: ChainConfig; problems: string[] } {
  const problems: string[] = [];
  if (e.CHAIN_MODE === 'devnet' && e.NODE_ENV === 'production') {
    problems.push('CHAIN_MODE: devnet is refused when NODE_ENV=production');
  }
  const networks = readNetworks(e, problems);
  const poolChains = readPoolChains(e.ADDRESS_POOL_NETWORKS ?? '', networks, problems);
  const keys = readAccountKeys(e, networks, poolChains, problems);
  checkContracts(e, networks, problems);
  const adaAccountKey = readCardanoKey(e, networks, poolChains, problems);
  const config: ChainConfig = {
    mode: e.CHAIN_MODE,
    devnetBlockSeconds: e.DEVNET_BLOCK_SECONDS,
    networks,
    poolChains,
    keys,
    bscSharesEthereumKey: keys.bsc !== undefined && keys.bsc === keys.ethereum,
    urls: {
      esplora: e.BTC_ESPLORA_URL,
      ethereum: e.ETH_RPC_URL,
      bsc: e.BSC_RPC_URL,
      tron: e.TRON_API_URL,
      blockbookDoge: e.BLOCKBOOK_DOGE_URL,
      solana: e.SOLANA_RPC_URL,
      blockfrost: e.BLOCKFROST_URL,
    },
    tronApiKey: e.TRON_API_KEY ?? null,
    blockfrostProjectId: e.BLOCKFROST_PROJECT_ID ?? null,
    adaAccountKey,
    contracts: {
      usdtErc20: isAddress(e.USDT_ERC20_CONTRACT, { strict: false })
        ? getAddress(e.USDT_ERC20_CONTRACT)
        : e.USDT_ERC20_CONTRACT,
      usdtTrc20: e.USDT_TRC20_CONTRACT,
      usdtSplMint: e.USDT_SPL_MINT,
    },
  };
  return { config, problems };
}

/** The enabled networks (CHAIN_NETWORKS, or the mode's default), each known and live-capable when live. */
function readNetworks(e: ChainEnv, problems: string[]): NetworkId[] {
  const networks: NetworkId[] = [];
  const named = e.CHAIN_NETWORKS ?? (e.CHAIN_MODE === 'live' ? LIVE_NETWORKS : NETWORK_IDS).join(',');
  for (const name of named
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if ((NETWORK_IDS as readonly string[]).includes(name)) networks.push(name as NetworkId);
    else problems.push(`CHAIN_NETWORKS: unknown network ${name} (known: ${NETWORK_IDS.join(', ')})`);
  }
  if (e.CHAIN_MODE === 'live') {
    for (const network of networks.filter((n) => !LIVE_NETWORKS.includes(n))) {
      problems.push(`CHAIN_NETWORKS: ${network} has no live adapter yet (live: ${LIVE_NETWORKS.join(', ')})`);
    }
  }
  return networks;
}

/**
 * The account keys (xpubs) of the enabled chains that derive their own addresses: required
 * live, the devnet's by default; a well-known test key is refused live.
 */
function readAccountKeys(
  e: ChainEnv,
  networks: NetworkId[],
  poolChains: Chain[],
  problems: string[],
): Partial<Record<XpubChain, string>> {
  const style = e.CHAIN_MODE === 'live' ? 'mainnet' : 'devnet';
  const given: Partial<Record<XpubChain, string>> = {
    bitcoin: e.BTC_XPUB,
    ethereum: e.ETH_XPUB,
    bsc: e.BSC_XPUB ?? e.ETH_XPUB,
    tron: e.TRON_XPUB,
    dogecoin: e.DOGE_XPUB,
  };
  const keys: Partial<Record<XpubChain, string>> = {};
  const xpubChains = new Set(networks.map((n) => NETWORKS[n].chain).filter(isXpubChain));
  for (const chain of xpubChains) {
    if (poolChains.includes(chain)) continue;
    const key = given[chain] ?? (e.CHAIN_MODE === 'live' ? undefined : DEVNET_KEYS[chain]);
    const variable = chain === 'bsc' && !e.BSC_XPUB ? 'BSC_XPUB (from ETH_XPUB)' : KEY_VARS[chain];
    if (!key) {
      problems.push(`${KEY_VARS[chain]}: required with CHAIN_MODE=live for ${networksOn(networks, chain)}`);
      continue;
    }
    if (e.CHAIN_MODE === 'live' && TEST_KEYS.has(key)) {
      problems.push(`${variable}: is the public test key of a well-known seed; refused in live mode`);
      continue;
    }
    try {
      parseAccountKey(chain, key, style);
      keys[chain] = key;
    } catch (error) {
      if (!(error instanceof KeyError)) throw error;
      problems.push(`${variable}: ${error.message}`);
    }
  }
  return keys;
}

/** Token contracts and the Blockfrost project id: well-formed, and present where live needs them. */
function checkContracts(e: ChainEnv, networks: NetworkId[], problems: string[]): void {
  if (!isAddress(e.USDT_ERC20_CONTRACT, { strict: false })) {
    problems.push('USDT_ERC20_CONTRACT: must be a 0x… contract address');
  }
  if (!tronToHex(e.USDT_TRC20_CONTRACT)) problems.push('USDT_TRC20_CONTRACT: must be a T… contract address');
  if (
    e.CHAIN_MODE === 'live' &&
    networks.includes('ADA') &&
    !e.BLOCKFROST_PROJECT_ID &&
    /(^|\.)blockfrost\.io$/.test(new URL(e.BLOCKFROST_URL).hostname)
  ) {
    problems.push('BLOCKFROST_PROJECT_ID: required with CHAIN_MODE=live for ADA on blockfrost.io');
  }
  if (!isSolanaKey(e.USDT_SPL_MINT)) problems.push('USDT_SPL_MINT: must be a base58 Solana mint address');
}

/**
 * Cardano's account public key (ADA_ACCOUNT_XPUB, `acct_xvk1…`) when ADA is enabled and not on
 * the pool: required in live mode, the test seed's on the devnet by default; the test seed's
 * is refused live (docs/decisions/032).
 */
function readCardanoKey(e: ChainEnv, networks: NetworkId[], poolChains: Chain[], problems: string[]) {
  const needed = networks.some((n) => NETWORKS[n].chain === 'cardano') && !poolChains.includes('cardano');
  if (!needed) return null;
  const key = e.ADA_ACCOUNT_XPUB ?? (e.CHAIN_MODE === 'live' ? undefined : DEVNET_CARDANO_ACCOUNT_KEY);
  if (!key) {
    problems.push(
      'ADA_ACCOUNT_XPUB: required with CHAIN_MODE=live for ADA (or put ADA on ADDRESS_POOL_NETWORKS)',
    );
    return null;
  }
  try {
    const bytes = parseCardanoAccountKey(key);
    if (e.CHAIN_MODE === 'live' && cardanoAccountKeyText(bytes) === DEVNET_CARDANO_ACCOUNT_KEY) {
      problems.push('ADA_ACCOUNT_XPUB: is the public test key of a well-known seed; refused in live mode');
      return null;
    }
    return key;
  } catch (error) {
    if (!(error instanceof KeyError)) throw error;
    problems.push(`ADA_ACCOUNT_XPUB: ${error.message}`);
    return null;
  }
}

function isSolanaKey(text: string): boolean {
  try {
    return base58.decode(text).length === 32;
  } catch {
    return false;
  }
}

function networksOn(networks: NetworkId[], chain: Chain): string {
  return networks.filter((n) => NETWORKS[n].chain === chain).join(', ');
}

/**
 * The chains of enabled networks that draw from the address pool: those of the networks in
 * ADDRESS_POOL_NETWORKS (a chain's networks share its addresses, so naming one names all), and
 * those whose addresses cannot be derived from a public key (docs/decisions/032).
 */
function readPoolChains(text: string, networks: NetworkId[], problems: string[]): Chain[] {
  const chains = new Set<Chain>(
    networks.map((n) => NETWORKS[n].chain).filter((c) => POOL_ONLY_CHAINS.has(c)),
  );
  for (const name of text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!(NETWORK_IDS as readonly string[]).includes(name)) {
      problems.push(`ADDRESS_POOL_NETWORKS: unknown network ${name} (known: ${NETWORK_IDS.join(', ')})`);
    } else if (networks.includes(name as NetworkId)) {
      chains.add(NETWORKS[name as NetworkId].chain);
    }
  }
  return [...chains];
}

/** Chains whose addresses cannot be derived from an account public key (ed25519). */
const POOL_ONLY_CHAINS = new Set<Chain>(['solana']);
