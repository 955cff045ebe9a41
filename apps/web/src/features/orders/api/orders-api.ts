import type {
  CreatedOrder,
  CreateOrderRequest,
  OrderList,
  OrderStats,
  OrderTradesQuery,
  OrderView,
  SwapView,
  TakeSwapRequest,
  TradeDetails,
  TradeLimitsView,
  TradeList,
} from '@p2p/shared';
import type { z } from 'zod';
import { apiRequest, newIdempotencyKey } from '@/lib/api';

export type OrderListData = z.infer<typeof OrderList>;
export type OrderStatsData = z.infer<typeof OrderStats>;
export type TradeListData = z.infer<typeof TradeList>;
export type CreatedOrderData = z.infer<typeof CreatedOrder>;
/** The body as the form sends it: defaults (fiat, time limit) may be left to the server. */
export type CreateOrderBody = z.input<typeof CreateOrderRequest>;
/** The body of a swap as the dialog sends it. */
export type TakeSwapBody = z.input<typeof TakeSwapRequest>;
export type OrderTradeStatus = NonNullable<z.infer<typeof OrderTradesQuery>['status']>;

export interface OrderBookFilter {
  type: 'buy' | 'sell';
  cryptocurrency?: string;
  fiat_currency?: string;
  payment_method?: string;
}

export interface CreateTradeBody {
  orderId: string;
  amountFiat: string;
  amountCrypto?: string;
  paymentMethod: string;
}

const path = (id: string) => `/orders/${encodeURIComponent(id)}`;

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) search.set(key, String(value));
  return search.toString();
}

/** Order calls; every POST that creates carries an Idempotency-Key. */
export const ordersApi = {
  /** A page of the book: the first, or the one after the previous page's `nextCursor`. */
  book: (filter: OrderBookFilter, after: string | null, limit: number) =>
    apiRequest<OrderListData>(`/orders?${query({ ...filter, limit, after: after ?? undefined })}`, {
      auth: false,
    }),
  get: (id: string) => apiRequest<OrderView>(path(id), { auth: false }),
  mine: () => apiRequest<{ orders: OrderView[] }>('/orders/my').then((data) => data.orders),
  create: (body: CreateOrderBody, idempotencyKey = newIdempotencyKey()) =>
    apiRequest<CreatedOrderData>('/orders', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  remove: (id: string) => apiRequest<{ message: string }>(path(id), { method: 'DELETE' }),
  setStatus: (id: string, status: 'active' | 'paused') =>
    apiRequest<OrderView>(`${path(id)}/settings`, { method: 'PUT', body: { status } }),
  stats: (id: string) => apiRequest<OrderStatsData>(`${path(id)}/stats`),
  trades: (id: string, params: { status?: OrderTradeStatus; limit: number; offset: number }) =>
    apiRequest<TradeListData>(`${path(id)}/trades?${query(params)}`),
  /** GET /users/me/limits: the caller's trade limits now (docs/decisions/023, "Limits"). */
  myLimits: () => apiRequest<TradeLimitsView>('/users/me/limits'),
  /** POST /orders/{id}/swap: takes a swap offer, settled at once (docs/decisions/026). */
  takeSwap: (id: string, body: TakeSwapBody, idempotencyKey: string) =>
    apiRequest<SwapView>(`${path(id)}/swap`, {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  /** POST /trades: opens a trade on an order. Retries with the same key never open a second one. */
  createTrade: (body: CreateTradeBody, idempotencyKey: string) =>
    apiRequest<TradeDetails>('/trades', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
};

/** Query keys: everything order-related sits under ['orders'] so one invalidation refreshes it. */
/** The caller's trade limits: refetched after every trade opened or refused. */
export const LIMITS_KEY = ['limits', 'me'] as const;

export const orderKeys = {
  all: ['orders'] as const,
  book: (filter: OrderBookFilter) => ['orders', 'book', filter] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  mine: ['orders', 'mine'] as const,
  stats: (id: string) => ['orders', 'stats', id] as const,
  trades: (id: string, status: OrderTradeStatus | 'all') => ['orders', 'trades', id, status] as const,
};
