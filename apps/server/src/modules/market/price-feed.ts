import { COIN_ID_LIST, type CoinPrice, FEED_FIAT, type MarketPrices } from '@p2p/shared';
import { z } from 'zod';

/** Why the feed gave no usable answer. The message is one short line, safe to log. */
export class PriceFeedError extends Error {
  override readonly name = 'PriceFeedError';
}

/** Query of a CoinGecko `simple/price` call for every coin we show, in every fiat we trade. */
const QUERY = [
  `ids=${COIN_ID_LIST.join(',')}`,
  `vs_currencies=${Object.values(FEED_FIAT).join(',')}`,
  'include_market_cap=true',
  'include_24hr_vol=true',
  'include_24hr_change=true',
].join('&');

/** The full request URL. Commas stay literal, as CoinGecko documents them. */
export function priceFeedUrl(base: string): string {
  return `${base}${base.includes('?') ? '&' : '?'}${QUERY}`;
}

/** Market cap, volume and change are extras: a missing or odd value becomes null, not a lost coin. */
const Extra = z
  .number()
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

/** One coin as the feed sends it. Without a usd AND a rub price the coin is of no use. */
const UpstreamCoin = z.object({
  usd: z.number().nonnegative(),
  rub: z.number().nonnegative(),
  usd_market_cap: Extra,
  usd_24h_vol: Extra,
  usd_24h_change: Extra,
  rub_market_cap: Extra,
  rub_24h_vol: Extra,
  rub_24h_change: Extra,
  // A fiat the feed does not price leaves its pairs without a market price, not the coin unused.
  eur: Extra,
  eur_24h_change: Extra,
  cny: Extra,
  cny_24h_change: Extra,
  try: Extra,
  try_24h_change: Extra,
  kzt: Extra,
  kzt_24h_change: Extra,
});

const UpstreamBody = z.record(z.string(), z.unknown());

/**
 * Picks the coins we know out of a feed answer. Unknown coins are ignored and a coin that
 * fails validation is dropped; an answer with no usable coin at all is an error.
 */
export function parsePriceFeed(body: unknown): MarketPrices {
  const top = UpstreamBody.safeParse(body);
  if (!top.success) throw new PriceFeedError('unexpected response shape');
  const prices: MarketPrices = {};
  for (const id of COIN_ID_LIST) {
    const coin = UpstreamCoin.safeParse(top.data[id]);
    if (coin.success) prices[id] = coin.data satisfies CoinPrice;
  }
  if (Object.keys(prices).length === 0) throw new PriceFeedError('no usable prices in response');
  return prices;
}

/**
 * Calls the feed once. Network errors, the timeout, non-2xx answers, bad JSON and unusable
 * bodies all become a PriceFeedError; the body itself never goes into the error.
 */
export async function fetchPriceFeed(
  baseUrl: string,
  timeoutMs: number,
  fetchImpl: typeof fetch = fetch,
): Promise<MarketPrices> {
  let response: Response;
  try {
    response = await fetchImpl(priceFeedUrl(baseUrl), {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new PriceFeedError(describeFetchError(error, timeoutMs));
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    throw new PriceFeedError(`HTTP ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isTimeout(error)) throw new PriceFeedError(describeFetchError(error, timeoutMs));
    throw new PriceFeedError('invalid JSON');
  }
  return parsePriceFeed(body);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

function describeFetchError(error: unknown, timeoutMs: number): string {
  if (isTimeout(error)) return `timeout after ${timeoutMs} ms`;
  // undici reports "fetch failed" and puts the socket error (ECONNREFUSED...) in `cause`.
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  return `network error${code ? ` ${code}` : ''}`;
}
