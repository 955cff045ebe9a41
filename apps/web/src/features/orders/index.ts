/** Public API of the orders feature: the market, create-order and dashboard import only from here. */
export { type OrderBookFilter, orderKeys, ordersApi } from './api/orders-api';
export { useMyOrders, useOrderBook } from './api/queries';
export { OrderCard } from './components/OrderCard';
export { OrderDetailPanel, PANEL_CLOSE_DELAY_MS } from './components/OrderDetailPanel';
export { OrderTypeBadge } from './components/OrderStatusBadge';
export { isLiveOrder } from './lib/my-orders';
export { takerSide } from './lib/side';
export { normalizeDecimalInput } from './lib/trade-form';
export { MyOrdersPage } from './routes/MyOrdersPage';
export { OrderDetailPage } from './routes/OrderDetailPage';
export { OrderManagePage } from './routes/OrderManagePage';
