import type { NetworkId } from '@p2p/shared';
import { BlockbookWatcher } from './blockbook.ts';
import { BlockfrostWatcher } from './cardano.ts';
import type { ChainConfig } from './chain-config.ts';
import type { Devnet } from './devnet/devnet.ts';
import { EsploraWatcher } from './esplora.ts';
import { EvmWatcher } from './evm.ts';
import { SolanaWatcher } from './solana.ts';
import { TronWatcher } from './tron.ts';
import type { ChainWatcher } from './watcher.ts';

/** USDT's decimals on Ethereum, TRON and Solana (6), unlike ETH's and BNB's 18. */
export const USDT_DECIMALS = 6;

/**
 * The chain adapter of each enabled network: the devnet's in devnet mode, the real APIs'
 * in live mode, none when chains are off.
 */
export function chainAdapters(config: ChainConfig, devnet: Devnet | null): ChainWatcher[] {
  if (config.mode === 'off') return [];
  if (config.mode === 'devnet') {
    if (!devnet) throw new Error('devnet mode without a devnet');
    return config.networks.map((network) => devnet.watcher(network));
  }
  return config.networks.map((network) => liveAdapter(config, network));
}

function liveAdapter(config: ChainConfig, network: NetworkId): ChainWatcher {
  const { urls, contracts } = config;
  switch (network) {
    case 'BTC':
      return new EsploraWatcher(urls.esplora);
    case 'ETH':
      return new EvmWatcher({ network, rpcUrl: urls.ethereum });
    case 'USDT-ERC20':
      return new EvmWatcher({
        network,
        rpcUrl: urls.ethereum,
        token: { contract: contracts.usdtErc20, decimals: USDT_DECIMALS },
      });
    case 'BNB-BEP20':
      return new EvmWatcher({ network, rpcUrl: urls.bsc });
    case 'USDT-TRC20':
      return new TronWatcher({
        apiUrl: urls.tron,
        contract: contracts.usdtTrc20,
        decimals: USDT_DECIMALS,
        apiKey: config.tronApiKey ?? undefined,
      });
    case 'DOGE': {
      const accountKey = config.keys.dogecoin;
      if (!accountKey) throw new Error('DOGE: no DOGE_XPUB configured');
      return new BlockbookWatcher({ baseUrl: urls.blockbookDoge, accountKey });
    }
    case 'SOL':
      return new SolanaWatcher({ network, rpcUrl: urls.solana });
    case 'USDT-SPL':
      return new SolanaWatcher({
        network,
        rpcUrl: urls.solana,
        token: { mint: contracts.usdtSplMint, decimals: USDT_DECIMALS },
      });
    case 'ADA':
      return new BlockfrostWatcher({
        network,
        apiUrl: urls.blockfrost,
        projectId: config.blockfrostProjectId ?? undefined,
      });
  }
}
