import type { MarketPrices } from '@p2p/shared';
import type { Clock } from '../../lib/clock.ts';
import type { BreakerLogger } from './feed-breaker.ts';

/** What the price service answers and is built with (market.service.ts, docs/decisions/027, 036). */

/** Market data cache lifetime: prices are fresh for 60 s (docs/product/texts-and-limits.md). */
export const PRICE_CACHE_MS = 60_000;
/** The last good answer prices floating orders for this many refresh intervals, no longer. */
export const STALE_AFTER_INTERVALS = 3;
/** How long the background request to the feed may take before it counts as failed. */
export const PRICE_FEED_TIMEOUT_MS = 5_000;
/**
 * The most a request waits for the feed by default (PRICE_WAIT_MS, docs/decisions/036): past
 * it, the request answers with the last good answer (or the fallback) and the feed request
 * goes on in the background. Well under the 300 ms a price-bearing request may spend in all.
 */
export const PRICE_WAIT_BUDGET_MS = 150;

/** live: the HTTP feed; demo: the demo walk only; auto: the demo walk stands in while the feed is down. */
export type PriceFeedMode = 'live' | 'demo' | 'auto';

export interface PriceLogger extends BreakerLogger {
  error?(obj: object, msg: string): void;
}

/** Told of every new answer (feed or demo), and once when the prices fall back to the fixed table. */
export type PriceUpdateListener = (current: CurrentPrices) => Promise<unknown>;

export interface MarketPricesOptions {
  /** CoinGecko-compatible `simple/price` endpoint (PRICE_API_URL). */
  url: string;
  clock: Clock;
  log: PriceLogger;
  /** PRICE_FEED; `live` unless given. */
  feed?: PriceFeedMode;
  /** PRICE_DEMO_SEED: the demo walk's seed. */
  demoSeed?: number;
  timeoutMs?: number;
  /** The refresh interval (PRICE_REFRESH_SECONDS). */
  cacheMs?: number;
  /** How old the last good answer may be and still price floating orders; three intervals unless given. */
  staleMs?: number;
  waitBudgetMs?: number;
  fetch?: typeof fetch;
}

export type CurrentPrices =
  | { ok: true; source: 'live' | 'cache' | 'demo'; prices: MarketPrices; updatedAt: Date }
  | { ok: false; source: 'fallback'; prices: MarketPrices; updatedAt: Date };

export interface Snapshot {
  /** demo: computed by the demo walk, not asked of a market. */
  origin: 'feed' | 'demo';
  prices: MarketPrices;
  fetchedAt: Date;
}

/** An answer as callers see it: a demo answer is `demo` however old; a feed answer live or cached. */
export function view(snapshot: Snapshot, fresh: boolean): CurrentPrices {
  const source = snapshot.origin === 'demo' ? 'demo' : fresh ? 'live' : 'cache';
  return { ok: true, source, prices: snapshot.prices, updatedAt: snapshot.fetchedAt };
}
