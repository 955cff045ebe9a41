import type { QueryClient } from '@tanstack/react-query';
import { orderBookQuery } from '@/features/orders';
import { marketPricesQuery } from './api/prices';
import { bookFilter, readMarketFilters } from './lib/filters';

/**
 * The market page's three requests (prices, both sides of the book for the address's filters),
 * started before React renders: main.tsx calls this on `/` while the UI texts download, so the
 * first render already has the orders and the page is drawn once (docs/decisions/022). The
 * columns' own queries find these entries (same keys and options) and do not ask again.
 * Settles when all three have answered, successfully or not: a failure is the query's error,
 * shown by the column as usual.
 */
export async function prefetchMarket(client: QueryClient, search: string): Promise<void> {
  const filter = bookFilter(readMarketFilters(new URLSearchParams(search)));
  await Promise.all([
    client.prefetchQuery(marketPricesQuery),
    client.prefetchInfiniteQuery(orderBookQuery({ type: 'buy', ...filter })),
    client.prefetchInfiniteQuery(orderBookQuery({ type: 'sell', ...filter })),
  ]);
}
