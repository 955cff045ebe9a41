/** Public API of the trade feature; the trade lists reuse its rules and formatting. */
import './ui.css';

export {
  type TradeListFilter,
  type TradeListPage,
  type TradeStats,
  tradeApi,
  tradeKeys,
} from './api/trade-api';
export { StatusBadge } from './components/StatusBadge';
export { useCountdown } from './hooks/use-countdown';
export { useNow } from './hooks/use-now';
export {
  formatClock,
  formatCryptoAmount,
  formatDateTime,
  formatFiatAmount,
  formatRating,
  shortId,
} from './lib/format';
export { canSoftDelete, currentDeadline, statusLabelKey } from './lib/status';
export { activeTradeSeverity, type Severity, secondsUntil } from './lib/timers';
export { TradePage } from './routes/TradePage';
