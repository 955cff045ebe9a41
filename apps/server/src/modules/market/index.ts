/**
 * The market module's face (docs/ARCHITECTURE.md, "Modules with faces"): the price feed and the
 * market route (docs/decisions/027). Other modules and the app import this file only; the rest of
 * the folder is private.
 */
export { marketRoutes } from './market.routes.ts';
export { type CurrentPrices, MarketPricesService } from './market.service.ts';
