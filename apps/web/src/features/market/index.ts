/** Public API of the market feature. */
export { type MarketPricesState, useMarketPrices } from './api/prices';
export { PriceSourceIndicator } from './components/PriceSource';
export {
  applyPercent,
  deviationTenths,
  estimateValueMinor,
  marketPriceMinor,
} from './lib/prices';
export { prefetchMarket } from './prefetch';
export { MarketPage } from './routes/MarketPage';
