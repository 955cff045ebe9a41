import type { PaymentTemplateView, TradeDetails, TradeView } from '@p2p/shared';
import { apiRequest, newIdempotencyKey } from '@/lib/api';

export interface TradeListPage {
  trades: TradeView[];
  total: number;
  limit: number;
  offset: number;
  hasNext: boolean;
}

export interface TradeStats {
  totalTrades: number;
  activeTrades: number;
  completedTrades: number;
  cancelledTrades: number;
  disputedTrades: number;
  asBuyer: number;
  asSeller: number;
  completionRate: number | null;
  volumeByFiat: Record<string, string>;
}

export interface TradeListFilter {
  active?: boolean;
  status?: string;
  role?: 'buyer' | 'seller';
  limit?: number;
  offset?: number;
}

const path = (id: string) => `/trades/${encodeURIComponent(id)}`;

function listQuery(filter: TradeListFilter): string {
  const q = new URLSearchParams();
  if (filter.active) q.set('active', 'true');
  if (filter.status) q.set('status', filter.status);
  if (filter.role) q.set('role', filter.role);
  q.set('limit', String(filter.limit ?? 50));
  q.set('offset', String(filter.offset ?? 0));
  return q.toString();
}

/** Query keys of trades; every list lives under ['trades'], one trade under ['trade', id]. */
export const tradeKeys = {
  all: ['trades'] as const,
  active: ['trades', 'active'] as const,
  list: (filter: TradeListFilter) => ['trades', 'list', filter] as const,
  stats: ['trades', 'stats'] as const,
  details: (id: string) => ['trade', id, 'details'] as const,
  receipt: (url: string) => ['receipt', url] as const,
};

export const tradeApi = {
  list: (filter: TradeListFilter) => apiRequest<TradeListPage>(`/trades?${listQuery(filter)}`),
  stats: () => apiRequest<TradeStats>('/trades/stats'),
  details: (id: string) => apiRequest<TradeDetails>(path(id)),
  act: (id: string, action: string, payload: Record<string, unknown> = {}) =>
    apiRequest<TradeDetails>(`${path(id)}/actions`, { method: 'POST', body: { action, payload } }),
  softDelete: (id: string) =>
    apiRequest<{ message: string }>(`${path(id)}/soft-delete`, { method: 'PATCH', body: {} }),
  review: (id: string, rating: number, comment: string) =>
    apiRequest<{ id: string }>(`${path(id)}/review`, {
      method: 'POST',
      body: { rating, comment },
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  attachTemplate: (id: string, templateId: string) =>
    apiRequest<TradeDetails>(`${path(id)}/payment-template`, { method: 'PUT', body: { templateId } }),
  /** The seller's templates to choose from. */
  templates: () => apiRequest<PaymentTemplateView[]>('/payment-templates'),
};
