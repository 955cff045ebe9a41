/**
 * The orders feature's screens: their own chunk, loaded when one is opened (the order panel,
 * the order pages), so the market page's first load carries only the book and its cards.
 */
export { OrderDetailPanel } from './components/OrderDetailPanel';
export { MyOrdersPage } from './routes/MyOrdersPage';
export { OrderDetailPage } from './routes/OrderDetailPage';
export { OrderManagePage } from './routes/OrderManagePage';
