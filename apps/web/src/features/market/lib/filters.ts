import { CRYPTOCURRENCIES, PAYMENT_CURRENCIES, PAYMENT_METHODS } from '@p2p/shared';
import type { OrderBookFilter } from '@/features/orders';

export type FilterKey = 'crypto' | 'fiat' | 'method';
export type MarketFilterValues = Record<FilterKey, string>;

/** Only values the book knows; anything else in the address is ignored. */
function readFilter(params: URLSearchParams, key: FilterKey, allowed: readonly string[]): string {
  const value = params.get(key) ?? '';
  return allowed.includes(value) ? value : '';
}

/** The market's filters from its address (`?crypto=BTC&fiat=RUB&method=sbp`); '' is "all". */
export function readMarketFilters(params: URLSearchParams): MarketFilterValues {
  return {
    crypto: readFilter(params, 'crypto', CRYPTOCURRENCIES),
    fiat: readFilter(params, 'fiat', PAYMENT_CURRENCIES),
    method: readFilter(params, 'method', PAYMENT_METHODS),
  };
}

/** The book's query filter for those values (both sides add their `type`). */
export function bookFilter({ crypto, fiat, method }: MarketFilterValues): Omit<OrderBookFilter, 'type'> {
  return {
    cryptocurrency: crypto || undefined,
    fiat_currency: fiat || undefined,
    payment_method: method || undefined,
  };
}
