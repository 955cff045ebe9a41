/** Public API of the market feature. */
export { type MarketPricesState, useMarketPrices } from './api/prices';
export { PriceSourceIndicator } from './components/PriceSource';
export {
  applyPercent,
  deviationTenths,
  estimateValueMinor,
  marketPriceMinor,
} from './lib/prices';
export { MarketPage } from './routes/MarketPage';
