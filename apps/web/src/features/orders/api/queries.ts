import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { LIMITS_KEY, type OrderBookFilter, type OrderTradeStatus, orderKeys, ordersApi } from './orders-api';

/** Market column page size; the book answers at most 100 per call. */
export const BOOK_PAGE_SIZE = 20;
/** Trades on one order page by 20. */
export const ORDER_TRADES_PAGE_SIZE = 20;

/** One side of the book, paged: the column's query and the market's prefetch are this one. */
export const orderBookQuery = (filter: OrderBookFilter) =>
  infiniteQueryOptions({
    queryKey: orderKeys.book(filter),
    queryFn: ({ pageParam }) => ordersApi.book(filter, pageParam, BOOK_PAGE_SIZE),
    // "Show more" continues after the last order shown (keyset): no page is skipped or repeated
    // when the book changes meanwhile, and a deep page costs what the first does.
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export function useOrderBook(filter: OrderBookFilter) {
  return useInfiniteQuery(orderBookQuery(filter));
}

export function useOrder(id: string) {
  return useQuery({ queryKey: orderKeys.detail(id), queryFn: () => ordersApi.get(id) });
}

/**
 * The caller's trade limits, for the trade form: fresh each time the form opens (they change
 * with every trade opened, cancelled or settled). A failure leaves the form to the server.
 */
export function useMyLimits() {
  return useQuery({ queryKey: LIMITS_KEY, queryFn: ordersApi.myLimits, staleTime: 0 });
}

export function useMyOrders(enabled = true) {
  return useQuery({ queryKey: orderKeys.mine, queryFn: ordersApi.mine, enabled });
}

export function useOrderStats(id: string, enabled: boolean) {
  return useQuery({ queryKey: orderKeys.stats(id), queryFn: () => ordersApi.stats(id), enabled });
}

export function useOrderTrades(id: string, status: OrderTradeStatus | 'all', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: orderKeys.trades(id, status),
    queryFn: ({ pageParam }) =>
      ordersApi.trades(id, {
        status: status === 'all' ? undefined : status,
        limit: ORDER_TRADES_PAGE_SIZE,
        offset: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasNext ? last.offset + last.trades.length : undefined),
    enabled,
  });
}

/** Deleting and pausing change the book, my lists and my balances (a sell reserve returns). */
export function useOrderMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['wallet'] }),
    ]);
  const remove = useMutation({ mutationFn: ordersApi.remove, onSuccess: refresh });
  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: string; status: 'active' | 'paused' }) =>
      ordersApi.setStatus(id, status),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return refresh();
    },
  });
  return { remove, setStatus };
}
