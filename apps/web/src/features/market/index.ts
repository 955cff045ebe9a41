/** Public API of the market feature. */
export { MarketPage } from './routes/MarketPage';
