/** Public API of the trade-history feature. */
export { TradeHistoryPage } from './routes/TradeHistoryPage';
