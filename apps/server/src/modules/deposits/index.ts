/**
 * The deposits module's face (docs/ARCHITECTURE.md, "Modules with faces"): deposit routes, the
 * chain watch loop, the address pool, and who owns a deposit address. Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { fillDevnetPools, importPoolAddresses, poolRemaining } from './address-pool.service.ts';
export { registerPoolMetric } from './address-pool-metrics.ts';
export { ChainWatchLoop, pollIntervalMs } from './chain-watch-loop.ts';
export { findAddressOwner } from './deposit-addresses.repository.ts';
export { DepositAddressService } from './deposit-addresses.service.ts';
export { toDepositView } from './deposit-view.ts';
export { depositsRoutes } from './deposits.routes.ts';
export { DepositsService } from './deposits.service.ts';
