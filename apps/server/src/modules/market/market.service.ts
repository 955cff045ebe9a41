import { FALLBACK_PRICES, type MarketPrices } from '@p2p/shared';
import type { Clock } from '../../lib/clock.ts';
import { fetchPriceFeed } from './price-feed.ts';

/** Market data cache lifetime: prices are fresh for 60 s (docs/product/texts-and-limits.md). */
export const PRICE_CACHE_MS = 60_000;
/** How old a cached answer may be and still stand in for a failing feed. */
export const PRICE_STALE_MS = 10 * 60_000;
export const PRICE_FEED_TIMEOUT_MS = 5_000;

export interface PriceLogger {
  warn(obj: object, msg: string): void;
  error?(obj: object, msg: string): void;
}

/** Told of every new feed answer, and once when the prices fall back to the fixed table. */
export type PriceUpdateListener = (current: CurrentPrices) => Promise<unknown>;

export interface MarketPricesOptions {
  /** CoinGecko-compatible `simple/price` endpoint (PRICE_API_URL). */
  url: string;
  clock: Clock;
  log: PriceLogger;
  timeoutMs?: number;
  cacheMs?: number;
  staleMs?: number;
  fetch?: typeof fetch;
}

export type CurrentPrices =
  | { ok: true; source: 'live' | 'cache'; prices: MarketPrices; updatedAt: Date }
  | { ok: false; source: 'fallback'; prices: MarketPrices; updatedAt: Date };

interface Snapshot {
  prices: MarketPrices;
  fetchedAt: Date;
}

/**
 * Current coin prices from the feed, cached in memory per server instance. Concurrent callers
 * share one feed request; when the feed fails a recent cached answer is served instead, and
 * only without one do callers get the fallback table.
 */
export class MarketPricesService {
  private readonly url: string;
  private readonly clock: Clock;
  private readonly log: PriceLogger;
  private readonly timeoutMs: number;
  private readonly cacheMs: number;
  private readonly staleMs: number;
  private readonly fetchImpl: typeof fetch | undefined;
  private cached: Snapshot | null = null;
  private inFlight: Promise<Snapshot | null> | null = null;
  private readonly listeners = new Set<PriceUpdateListener>();
  /** What the listeners were last told: a fall to the fallback table is told once. */
  private lastTold: 'live' | 'fallback' | null = null;
  private nextPollAt = 0;

  constructor(options: MarketPricesOptions) {
    this.url = options.url;
    this.clock = options.clock;
    this.log = options.log;
    this.timeoutMs = options.timeoutMs ?? PRICE_FEED_TIMEOUT_MS;
    this.cacheMs = options.cacheMs ?? PRICE_CACHE_MS;
    this.staleMs = options.staleMs ?? PRICE_STALE_MS;
    this.fetchImpl = options.fetch;
  }

  async current(): Promise<CurrentPrices> {
    const cached = this.cached;
    if (cached && this.ageOf(cached) < this.cacheMs) return fromCache(cached);

    const fresh = await this.refreshShared();
    if (fresh) return { ok: true, source: 'live', prices: fresh.prices, updatedAt: fresh.fetchedAt };

    const stale = this.cached;
    if (stale && this.ageOf(stale) < this.staleMs) return fromCache(stale);
    const fallback: CurrentPrices = {
      ok: false,
      source: 'fallback',
      prices: FALLBACK_PRICES,
      updatedAt: this.clock.now(),
    };
    if (this.lastTold !== 'fallback') await this.tell(fallback);
    return fallback;
  }

  /**
   * Calls `listener` after every new feed answer (before the caller that caused the fetch gets
   * it), and once when the prices fall back to the fixed table. Floating orders follow the
   * market through it (docs/decisions/027).
   */
  onUpdate(listener: PriceUpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Asks the feed again once its answer is as old as the refresh interval (PRICE_REFRESH_SECONDS),
   * whether or not anyone looked at prices meanwhile: the scheduler calls it on every tick.
   */
  async poll(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now < this.nextPollAt) return;
    this.nextPollAt = now + this.cacheMs;
    await this.current();
  }

  private async tell(current: CurrentPrices): Promise<void> {
    this.lastTold = current.ok ? 'live' : 'fallback';
    for (const listener of this.listeners) {
      try {
        await listener(current);
      } catch (error) {
        // A listener that fails (the database is away) must not cost the caller its prices.
        (this.log.error ?? this.log.warn).call(this.log, { err: error }, 'price update listener failed');
      }
    }
  }

  /**
   * Prices to value something for display (wallet totals in USD): a recent answer of the feed,
   * or null. Never the fallback table, and a slow feed costs the caller at most `maxWaitMs`.
   */
  async forDisplay(maxWaitMs = 1_500): Promise<MarketPrices | null> {
    const cached = this.cached;
    if (cached && this.ageOf(cached) < this.cacheMs) return cached.prices;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), maxWaitMs);
    });
    const fresh = await Promise.race([this.refreshShared(), timeout]).finally(() => clearTimeout(timer));
    if (fresh) return fresh.prices;
    const stale = this.cached;
    return stale && this.ageOf(stale) < this.staleMs ? stale.prices : null;
  }

  private ageOf(snapshot: Snapshot): number {
    return this.clock.now().getTime() - snapshot.fetchedAt.getTime();
  }

  /** Starts a feed request unless one is already running, and waits for it. */
  private refreshShared(): Promise<Snapshot | null> {
    this.inFlight ??= this.refresh().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  /** One feed request. Never rejects: a failure is logged once and yields null. */
  private async refresh(): Promise<Snapshot | null> {
    try {
      const prices = await fetchPriceFeed(this.url, this.timeoutMs, this.fetchImpl);
      const snapshot = { prices, fetchedAt: this.clock.now() };
      this.cached = snapshot;
      await this.tell({ ok: true, source: 'live', prices, updatedAt: snapshot.fetchedAt });
      return snapshot;
    } catch (error) {
      // One line, no URL (it may carry an API key) and no upstream body.
      const reason = error instanceof Error ? error.message : String(error);
      this.log.warn({ reason }, 'price feed unavailable');
      return null;
    }
  }
}

function fromCache(snapshot: Snapshot): CurrentPrices {
  return { ok: true, source: 'cache', prices: snapshot.prices, updatedAt: snapshot.fetchedAt };
}
