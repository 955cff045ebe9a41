import { describe, expect, it } from 'vitest';
import { FALLBACK_PRICES, marketPriceOf, readPricesAnswer } from './market-prices.ts';
import { FIAT_CURRENCIES } from './money.ts';
import { CurrentPricesFallbackResponse, CurrentPricesResponse } from './schemas/market.ts';

/** The zod schemas' verdict on a body: the parsed answer of either status, or null. */
function bySchemas(body: unknown): unknown {
  const live = CurrentPricesResponse.safeParse(body);
  if (live.success) return live.data;
  const fallback = CurrentPricesFallbackResponse.safeParse(body);
  return fallback.success ? fallback.data : null;
}

const coin = {
  usd: 65000,
  rub: 6045000,
  usd_market_cap: null,
  usd_24h_vol: 1.5e9,
  usd_24h_change: -1.2,
  rub_market_cap: null,
  rub_24h_vol: null,
  rub_24h_change: 0,
};
const live = { success: true, data: { bitcoin: coin }, source: 'live', updatedAt: '2026-01-01T00:00:00Z' };
const fallback = {
  success: false,
  error: 'down',
  code: 'SERVICE_UNAVAILABLE',
  data: FALLBACK_PRICES,
  source: 'fallback',
  updatedAt: '2026-01-01T00:00:00Z',
};

const samples: [string, unknown][] = [
  ['live', live],
  ['cache', { ...live, source: 'cache' }],
  ['demo', { ...live, source: 'demo' }],
  ['demo source on a 503', { ...fallback, source: 'demo' }],
  ['fallback', fallback],
  ['extra fields (dropped)', { ...live, extra: 1, data: { bitcoin: { ...coin, eur: 1 } } }],
  ['no coins', { ...live, data: {} }],
  ['null', null],
  ['an array', []],
  ['a string', 'prices'],
  ['unknown source', { ...live, source: 'guess' }],
  ['fallback source on a success', { ...live, source: 'fallback' }],
  ['unknown coin', { ...live, data: { notacoin: coin } }],
  ['price as a string', { ...live, data: { bitcoin: { ...coin, usd: '65000' } } }],
  ['missing rub', { ...live, data: { bitcoin: { ...coin, rub: undefined } } }],
  ['missing optional figure', { ...live, data: { bitcoin: { ...coin, usd_24h_vol: undefined } } }],
  ['infinite price', { ...live, data: { bitcoin: { ...coin, usd: Number.POSITIVE_INFINITY } } }],
  ['NaN change', { ...live, data: { bitcoin: { ...coin, usd_24h_change: Number.NaN } } }],
  ['no updatedAt', { ...live, updatedAt: undefined }],
  ['data not an object', { ...live, data: [coin] }],
  ['fallback without error', { ...fallback, error: undefined }],
  ['fallback with another code', { ...fallback, code: 'INTERNAL_ERROR' }],
  ['fallback with live source', { ...fallback, source: 'live' }],
  ['success as a string', { ...live, success: 'true' }],
];

describe('readPricesAnswer (the market page reads prices without zod)', () => {
  it.each(samples)('agrees with the zod schemas: %s', (_name, body) => {
    expect(readPricesAnswer(body)).toEqual(bySchemas(body));
  });

  it('accepts the real answers and refuses the broken ones', () => {
    expect(readPricesAnswer(live)?.success).toBe(true);
    expect(readPricesAnswer(fallback)?.source).toBe('fallback');
    expect(readPricesAnswer({ ...live, data: { bitcoin: { ...coin, usd: '1' } } })).toBeNull();
  });
});

describe('marketPriceOf', () => {
  const table = {
    bitcoin: { ...FALLBACK_PRICES.bitcoin!, usd: 65_000.5, rub: 6_045_046.5, eur: 59_800.123, kzt: null },
    tether: { ...FALLBACK_PRICES.tether!, usd: 0.9998 },
  };

  it('reads a fiat price in minor units, rounded to the cent', () => {
    expect(marketPriceOf(table, 'BTC', 'RUB')).toBe(604_504_650n);
    expect(marketPriceOf(table, 'BTC', 'EUR')).toBe(5_980_012n);
  });

  it('has no price for a fiat the feed left out or a coin it did not price', () => {
    expect(marketPriceOf(table, 'BTC', 'KZT')).toBeNull();
    expect(marketPriceOf(table, 'ETH', 'RUB')).toBeNull();
  });

  it('prices a coin in another coin by their dollar prices, in 8 decimals', () => {
    // 65 000.5 / 0.9998 = 65 013.50270054... USDT per BTC
    expect(marketPriceOf(table, 'BTC', 'USDT')).toBe(6_501_350_270_054n);
    expect(marketPriceOf(table, 'BTC', 'ETH')).toBeNull();
  });

  it('gives every fiat a fallback price', () => {
    for (const fiat of FIAT_CURRENCIES) expect(marketPriceOf(FALLBACK_PRICES, 'BTC', fiat)).not.toBeNull();
    expect(marketPriceOf(FALLBACK_PRICES, 'BTC', 'KZT')).toBe(65_000n * 480n * 100n);
  });
});
