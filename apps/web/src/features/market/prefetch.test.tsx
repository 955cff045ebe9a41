import { MARKET_FIRST_REQUESTS } from '@p2p/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeQueryClient } from '@/app/query-client';
import { useOrderBook } from '@/features/orders';
import { MemoryRouter } from '@/lib/router';
import { useMarketPrices } from './api/prices';
import { useMarketFilters } from './components/MarketFilters';
import { prefetchMarket } from './prefetch';

const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url.replace(/^\/api\/v1/, ''));
    if (url.includes('/market/current-prices')) return new Response('{}', { status: 503 });
    const type = new URL(url, 'http://x').searchParams.get('type');
    const data = {
      orders: [],
      total: type === 'buy' ? 3 : 5,
      totalCapped: false,
      limit: 20,
      offset: 0,
      hasNext: false,
      nextCursor: null,
    };
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** What the market page reads: its filters from the address, both sides and the prices. */
function MarketProbe() {
  const { book } = useMarketFilters();
  const buy = useOrderBook({ type: 'buy', ...book });
  const sell = useOrderBook({ type: 'sell', ...book });
  const prices = useMarketPrices();
  const shown = (total: number | undefined) => (total === undefined ? 'pending' : String(total));
  return (
    <p>
      {`buy ${shown(buy.data?.pages[0]?.total)} sell ${shown(sell.data?.pages[0]?.total)} prices ${prices.data?.source ?? 'pending'}`}
    </p>
  );
}

describe('market prefetch', () => {
  it('asks for the prices and both sides with the address filters, ignoring unknown values', async () => {
    await prefetchMarket(makeQueryClient(), '?crypto=BTC&fiat=RUB&method=carrier-pigeon');
    expect(requests).toEqual([
      '/market/current-prices',
      '/orders?type=buy&cryptocurrency=BTC&fiat_currency=RUB&limit=20',
      '/orders?type=sell&cryptocurrency=BTC&fiat_currency=RUB&limit=20',
    ]);
  });

  it('asks, for the default view, exactly what the server preloads with the page', async () => {
    await prefetchMarket(makeQueryClient(), '?tgWebAppStartParam=order_1');
    expect(requests.map((path) => `/api/v1${path}`)).toEqual([...MARKET_FIRST_REQUESTS]);
  });

  it("fills the page's own queries: the first render has the data and asks nothing again", async () => {
    const client = makeQueryClient();
    const search = '?crypto=BTC&fiat=RUB&method=carrier-pigeon';
    await prefetchMarket(client, search);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[`/${search}`]}>
          <MarketProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByText('buy 3 sell 5 prices fallback')).toBeTruthy();
    // A query asked again on mount would be fetching now, its request already sent.
    expect(client.isFetching()).toBe(0);
    expect(requests).toHaveLength(3);
  });

  it('a failed side is that query’s error, not a failed start', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"success":false,"error":"Сбой"}', { status: 400 }));
    const client = makeQueryClient();
    await expect(prefetchMarket(client, '')).resolves.toBeUndefined();
    expect(
      client
        .getQueryCache()
        .findAll({ type: 'all' })
        .some((q) => q.state.status === 'error'),
    ).toBe(true);
  });
});
