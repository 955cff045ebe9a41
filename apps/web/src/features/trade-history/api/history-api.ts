import type { TradeHistoryList } from '@p2p/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { authorizedFetch, responseError } from '@/lib/authorized-fetch';
import { dayEnd, dayStart, HISTORY_PAGE_SIZE, type HistoryFilter } from '../lib/filters';

/** The server's query of a filter (GET /trades/history and /trades/history.csv). */
export function historyQuery(filter: HistoryFilter, paged = true): URLSearchParams {
  const q = new URLSearchParams();
  if (filter.status !== 'all') q.set('status', filter.status);
  if (filter.coin !== 'all') q.set('cryptocurrency', filter.coin);
  if (filter.role !== 'all') q.set('role', filter.role);
  const from = dayStart(filter.from);
  const to = dayEnd(filter.to);
  if (from) q.set('from', from);
  if (to) q.set('to', to);
  if (filter.q.trim()) q.set('search', filter.q.trim());
  if (paged) {
    q.set('limit', String(HISTORY_PAGE_SIZE));
    q.set('offset', String((filter.page - 1) * HISTORY_PAGE_SIZE));
  }
  return q;
}

export function useTradeHistory(filter: HistoryFilter) {
  const query = historyQuery(filter).toString();
  return useQuery({
    queryKey: ['trades', 'history', query],
    queryFn: () => apiRequest<TradeHistoryList>(`/trades/history?${query}`),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Downloads the CSV of every trade matching the filter (no paging). A plain link cannot carry
 * the bearer token, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadHistoryCsv(filter: HistoryFilter, fileName: string): Promise<void> {
  const response = await authorizedFetch(`/trades/history.csv?${historyQuery(filter, false)}`, {
    headers: { Accept: 'text/csv' },
  });
  if (!response.ok) throw await responseError(response);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
