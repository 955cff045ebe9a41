/** Public API of the trade feature; the trade lists reuse its rules. */
import './ui.css';

export {
  type TradeListFilter,
  type TradeListPage,
  type TradeStats,
  tradeApi,
  tradeKeys,
} from './api/trade-api';
export { useCountdown } from './hooks/use-countdown';
export { useNow } from './hooks/use-now';
export { canSoftDelete, currentDeadline } from './lib/status';
export { activeTradeSeverity, type Severity, secondsUntil } from './lib/timers';

/** The trade page, loaded on first use: see screens.ts. */
export const tradeScreens = () => import('./screens');
