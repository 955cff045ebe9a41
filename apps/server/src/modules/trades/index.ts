/**
 * The trades module's face (docs/ARCHITECTURE.md, "Modules with faces"): trades: routes, service,
 * the transition that moves a trade's money, and its view. Other modules and the app import this
 * file only; the rest of the folder is private.
 */
export { transition } from './settlement.ts';
export { toTradeDetails } from './trade-view.ts';
export { tradesRoutes } from './trades.routes.ts';
export { TradesService } from './trades.service.ts';
