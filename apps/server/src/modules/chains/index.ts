/**
 * The chains module's face (docs/ARCHITECTURE.md, "Modules with faces"): the chain adapters and
 * watchers, address derivation, the devnet, and the chain settings config.ts reads
 * (docs/decisions/011). Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { chainAdapters } from './adapters.ts';
export { loadCardanoDeriver } from './cardano-loader.ts';
export { type ChainConfig, readChainConfig } from './chain-config.ts';
export { devChainRoutes } from './devnet/dev-chain.routes.ts';
export { Devnet } from './devnet/devnet.ts';
export { devnetSolanaAddress } from './devnet/devnet-addresses.ts';
export { AddressDeriver, type DepositAddressSource, type XpubChain } from './keys.ts';
export { toPlatformUnits } from './units.ts';
export type { ChainWatcher, ObservedTransfer, TransferState } from './watcher.ts';
