/**
 * The market's first requests for its default view (`/` without filters): the prices and the
 * first page of each side of the book, the exact addresses `prefetchMarket` asks for (the web's
 * `prefetch.test.tsx` checks that they are). The server names them in the page's `Link` header
 * (`rel=preload`), so the browser asks for them with the HTML instead of after the scripts have
 * run, and the app's own requests take those answers (docs/decisions/040, second addendum).
 * None of them is signed in: the book and the prices are public.
 */
export const MARKET_FIRST_REQUESTS = [
  '/api/v1/market/current-prices',
  '/api/v1/orders?type=buy&limit=20',
  '/api/v1/orders?type=sell&limit=20',
] as const;

/** The market's filters in its address (`?crypto=…&fiat=…&method=…`, web's `readMarketFilters`). */
export const MARKET_FILTER_PARAMS = ['crypto', 'fiat', 'method'] as const;
