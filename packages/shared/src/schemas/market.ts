import { z } from 'zod';
import { COIN_ID_LIST } from '../market-prices.ts';

/**
 * Market reference prices (GET /market/current-prices) as zod schemas, for the server
 * and its contract tests. The constants, the fallback table and the browser's structural check
 * of an answer are in ../market-prices.ts (no zod: the market page loads without it).
 */

export const CoinId = z.enum(COIN_ID_LIST);
export type CoinId = z.infer<typeof CoinId>;

/** One coin in the CoinGecko `simple/price` shape. Market cap, volume and change may be unknown. */
export const CoinPrice = z.object({
  usd: z.number(),
  rub: z.number(),
  usd_market_cap: z.number().nullable(),
  usd_24h_vol: z.number().nullable(),
  usd_24h_change: z.number().nullable(),
  rub_market_cap: z.number().nullable(),
  rub_24h_vol: z.number().nullable(),
  rub_24h_change: z.number().nullable(),
  // Other fiat currencies (docs/decisions/027): absent or null when the feed does not price them.
  eur: z.number().nullish(),
  eur_24h_change: z.number().nullish(),
  cny: z.number().nullish(),
  cny_24h_change: z.number().nullish(),
  try: z.number().nullish(),
  try_24h_change: z.number().nullish(),
  kzt: z.number().nullish(),
  kzt_24h_change: z.number().nullish(),
});
export type CoinPrice = z.infer<typeof CoinPrice>;

/** Prices keyed by coin id; a coin the feed did not price is simply absent. */
export const MarketPrices = z.partialRecord(CoinId, CoinPrice);
export type MarketPrices = z.infer<typeof MarketPrices>;

/**
 * live: fetched for this request; cache: an earlier good answer; demo: the demo walk, never a
 * market («Демо-цены», docs/decisions/036); fallback: the fixed table.
 */
export const MarketPriceSource = z.enum(['live', 'cache', 'demo', 'fallback']);
export type MarketPriceSource = z.infer<typeof MarketPriceSource>;

/** 200 answer of GET /market/current-prices. `updatedAt` is when the feed answered. */
export const CurrentPricesResponse = z.object({
  success: z.literal(true),
  data: MarketPrices,
  source: z.enum(['live', 'cache', 'demo']),
  updatedAt: z.string(),
});
export type CurrentPricesResponse = z.infer<typeof CurrentPricesResponse>;

/** 503 answer: the feed is down and nothing recent is cached, so the fallback table is sent. */
export const CurrentPricesFallbackResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.literal('SERVICE_UNAVAILABLE'),
  data: MarketPrices,
  source: z.literal('fallback'),
  updatedAt: z.string(),
});
export type CurrentPricesFallbackResponse = z.infer<typeof CurrentPricesFallbackResponse>;
