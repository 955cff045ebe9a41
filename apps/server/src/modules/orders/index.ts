/**
 * The orders module's face (docs/ARCHITECTURE.md, "Modules with faces"): orders: routes, service,
 * the book cache, owner presence and the swap offers' prices. Other modules and the app import
 * this file only; the rest of the folder is private.
 */
export {
  BOOK_CACHE_TTL_MS,
  type BookAnswer,
  BookCache,
  batchBookChanges,
  readBookChanges,
} from './book-cache.ts';
export { bookRows } from './book-rows.ts';
export { findOrder, lockOrder } from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
export { OrdersService } from './orders.service.ts';
export { hideOrdersOfAbsentOwners, noteUsersSeen } from './owner-presence.ts';
export { assertSwapPrice, swapMarketPrice } from './swap-orders.ts';
