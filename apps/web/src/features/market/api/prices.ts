import {
  FALLBACK_PRICES,
  type MarketPriceSource,
  type MarketPrices,
  PRICES_FALLBACK_KEY,
  readPricesAnswer,
  translate,
} from '@p2p/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentLang } from '@/i18n/current-lang';
import { ApiError, apiConfig, apiHeaders, apiMessage, errorMessageOf } from '@/lib/api';

export interface MarketPricesState {
  prices: MarketPrices;
  source: MarketPriceSource;
  updatedAt: string;
  /** The server's explanation when it sent fallback prices. */
  message: string | null;
}

/** Cache lifetime 60 s, auto-refresh every 300 s. */
const PRICES_STALE_MS = 60_000;
const PRICES_REFRESH_MS = 300_000;

/**
 * GET /market/current-prices. The one call that does not go through apiRequest, on purpose:
 * its meaning is in the envelope (`source`, `updatedAt` beside `data`) and its 503 is a normal
 * answer carrying fallback prices, which apiRequest would retry three times and then drop.
 * Public, read-only, no token; both answers are checked by the shared `readPricesAnswer`
 * (the shape of the shared schemas, without loading zod on the market page).
 */
export async function fetchCurrentPrices(signal?: AbortSignal): Promise<MarketPricesState> {
  let response: Response;
  try {
    response = await fetch(`${apiConfig.baseUrl}/market/current-prices`, {
      headers: { ...apiHeaders(), 'Cache-Control': 'no-cache' },
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(apiConfig.timeoutMs)]) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw new ApiError(apiMessage('cancelled'), 0, 'CANCELLED');
    throw new ApiError(apiMessage('network'), 0, 'NETWORK_ERROR', String(error));
  }
  const body: unknown = await response.json().catch(() => null);
  const answer = readPricesAnswer(body);
  if (response.ok && answer?.success === true) {
    const { data, source, updatedAt } = answer;
    return { prices: data, source, updatedAt, message: null };
  }
  if (response.status === 503 && answer?.success === false) {
    const { data, updatedAt, error } = answer;
    return { prices: data, source: 'fallback', updatedAt, message: error };
  }
  if (response.status === 503) {
    // The price service itself is down and said nothing usable: the built-in table, labelled.
    return {
      prices: FALLBACK_PRICES,
      source: 'fallback',
      updatedAt: new Date().toISOString(),
      message: translate(currentLang(), PRICES_FALLBACK_KEY),
    };
  }
  const message = errorMessageOf(body as { error?: string } | null, response);
  throw new ApiError(message, response.status, (body as { code?: string } | null)?.code);
}

export const MARKET_PRICES_KEY = ['market', 'prices'] as const;

export const marketPricesQuery = queryOptions({
  queryKey: MARKET_PRICES_KEY,
  queryFn: ({ signal }) => fetchCurrentPrices(signal),
  staleTime: PRICES_STALE_MS,
  refetchInterval: PRICES_REFRESH_MS,
  retry: 1,
});

export function useMarketPrices() {
  return useQuery(marketPricesQuery);
}
