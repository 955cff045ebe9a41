/** Public API of the orders feature: the market, create-order and dashboard import only from here. */
import { lazy } from 'react';
import { withLaterTexts } from '@/i18n';

export { type OrderBookFilter, orderKeys, ordersApi } from './api/orders-api';
export { orderBookQuery, useMyOrders, useOrderBook } from './api/queries';
export { FloatingNote } from './components/FloatingNote';
export { MerchantFigures } from './components/MerchantFigures';
export { OrderCard } from './components/OrderCard';
export { OrderTypeBadge } from './components/OrderStatusBadge';
export { isLiveOrder } from './lib/my-orders';
export { PANEL_CLOSE_DELAY_MS } from './lib/panel';
export { takerSide } from './lib/side';
export { unmetForViewer } from './lib/taker-conditions';
export { normalizeDecimalInput } from './lib/trade-limits';

/** The screens (panel and pages), loaded on first use: see screens.ts. */
export const orderScreens = () => import('./screens');

/** The market's order panel, loaded when an order is first opened (render it under Suspense). */
export const OrderDetailPanel = lazy(async () => ({
  default: (await withLaterTexts(orderScreens())).OrderDetailPanel,
}));
