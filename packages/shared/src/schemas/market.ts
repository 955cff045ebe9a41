import { z } from 'zod';

/**
 * Market reference prices (spec 1 §7 GET /market/current-prices). These are display data for
 * the market screen and the order form's price hints: plain numbers, never money. Money stays
 * in integer minor units (see money.ts) and no balance or trade amount is derived from them.
 */

/** Coin symbol -> CoinGecko id, the key the price feed and the wire answer use. */
export const COIN_IDS = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  BNB: 'binancecoin',
  SOL: 'solana',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  LTC: 'litecoin',
  DOT: 'polkadot',
} as const;
export type CoinSymbol = keyof typeof COIN_IDS;
export type CoinId = (typeof COIN_IDS)[CoinSymbol];

export const COIN_ID_LIST = Object.values(COIN_IDS) as [CoinId, ...CoinId[]];
export const CoinId = z.enum(COIN_ID_LIST);

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
});
export type CoinPrice = z.infer<typeof CoinPrice>;

/** Prices keyed by coin id; a coin the feed did not price is simply absent. */
export const MarketPrices = z.partialRecord(CoinId, CoinPrice);
export type MarketPrices = z.infer<typeof MarketPrices>;

/** live: fetched for this request; cache: an earlier good answer; fallback: the table below. */
export const MarketPriceSource = z.enum(['live', 'cache', 'fallback']);
export type MarketPriceSource = z.infer<typeof MarketPriceSource>;

/** 200 answer of GET /market/current-prices. `updatedAt` is when the feed answered. */
export const CurrentPricesResponse = z.object({
  success: z.literal(true),
  data: MarketPrices,
  source: z.enum(['live', 'cache']),
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

export const PRICE_SERVICE_UNAVAILABLE_MESSAGE = 'Сервис цен временно недоступен, показаны резервные цены';

/** Rubles per US dollar used for fallback prices (spec 1 §7: "about 93 RUB per USD"). */
export const FALLBACK_RUB_PER_USD = 93;

/**
 * FALLBACK REFERENCE PRICES, in USD. Rough, fixed figures shown only when the live feed is
 * unreachable, so the market screen still has an order of magnitude to display. They are not
 * quotes: update them by hand if they drift far from reality.
 */
export const FALLBACK_USD_PRICES: Readonly<Record<CoinSymbol, number>> = {
  BTC: 65_000,
  ETH: 3_500,
  USDT: 1,
  BNB: 600,
  SOL: 150,
  ADA: 0.45,
  DOGE: 0.15,
  LTC: 85,
  DOT: 7,
};

/** Rounds away binary noise such as 0.45 * 93 = 41.850000000000001. */
const toRub = (usd: number): number => Math.round(usd * FALLBACK_RUB_PER_USD * 1e6) / 1e6;

/** The fallback table in the wire shape: RUB = USD x 93, caps and volumes unknown, change 0. */
export const FALLBACK_PRICES: Readonly<MarketPrices> = Object.freeze(
  Object.fromEntries(
    (Object.keys(COIN_IDS) as CoinSymbol[]).map((symbol) => {
      const usd = FALLBACK_USD_PRICES[symbol];
      const price: CoinPrice = {
        usd,
        rub: toRub(usd),
        usd_market_cap: null,
        usd_24h_vol: null,
        usd_24h_change: 0,
        rub_market_cap: null,
        rub_24h_vol: null,
        rub_24h_change: 0,
      };
      return [COIN_IDS[symbol], Object.freeze(price)];
    }),
  ),
);
