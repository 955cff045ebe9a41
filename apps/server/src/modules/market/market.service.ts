import { FALLBACK_PRICES, type MarketPrices } from '@p2p/shared';
import type { Config } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type CurrentPrices,
  type MarketPricesOptions,
  PRICE_CACHE_MS,
  PRICE_FEED_TIMEOUT_MS,
  PRICE_WAIT_BUDGET_MS,
  type PriceLogger,
  type PriceUpdateListener,
  type Snapshot,
  STALE_AFTER_INTERVALS,
  view,
} from './current-prices.ts';
import { demoPrices } from './demo-feed.ts';
import { FeedBreaker } from './feed-breaker.ts';
import { fetchPriceFeed } from './price-feed.ts';

export type { CurrentPrices, PriceFeedMode, PriceUpdateListener } from './current-prices.ts';

/**
 * Current coin prices, cached in memory per server instance (docs/decisions/027, 036).
 * Concurrent callers share one feed request, and none waits for it longer than the wait
 * budget; after a failure the circuit breaker lets nobody wait at all while one background
 * retry runs with backoff. Without an answer the last good one stands in for three refresh
 * intervals, then the demo walk (PRICE_FEED=auto) or the fallback table, which pauses floating
 * orders.
 */
export class MarketPricesService {
  private readonly options: Required<Omit<MarketPricesOptions, 'fetch' | 'log'>>;
  private readonly breaker: FeedBreaker;
  private cached: Snapshot | null = null;
  /** The demo walk's answer while it stands in for a feed that is down (auto). */
  private standIn: Snapshot | null = null;
  private inFlight: { promise: Promise<Snapshot | null>; startedAt: number } | null = null;
  private readonly listeners = new Set<PriceUpdateListener>();
  /** What the listeners were last told: a fall to the fallback table is told once. */
  private lastTold: CurrentPrices['source'] | null = null;
  /** The listeners' work, in order: the poll waits for it, a request never does. */
  private announcing: Promise<void> = Promise.resolve();
  private nextPollAt = 0;

  constructor(private readonly init: MarketPricesOptions) {
    const cacheMs = init.cacheMs ?? PRICE_CACHE_MS;
    this.options = {
      url: init.url,
      clock: init.clock,
      feed: init.feed ?? 'live',
      demoSeed: init.demoSeed ?? 1,
      timeoutMs: init.timeoutMs ?? PRICE_FEED_TIMEOUT_MS,
      cacheMs,
      staleMs: init.staleMs ?? STALE_AFTER_INTERVALS * cacheMs,
      waitBudgetMs: init.waitBudgetMs ?? PRICE_WAIT_BUDGET_MS,
    };
    this.breaker = new FeedBreaker(init.clock, init.log, cacheMs);
  }

  /** The service as the configuration describes it (PRICE_API_URL, PRICE_FEED, PRICE_REFRESH_SECONDS, PRICE_WAIT_MS). */
  static fromConfig(config: Config, clock: Clock, log: PriceLogger): MarketPricesService {
    return new MarketPricesService({
      url: config.priceApiUrl,
      feed: config.priceFeed,
      demoSeed: config.priceDemoSeed,
      cacheMs: config.priceRefreshMs,
      waitBudgetMs: config.priceWaitMs,
      clock,
      log,
    });
  }

  /** The prices now. A request pays at most `maxWaitMs` for the feed (the wait budget by default). */
  async current(maxWaitMs = this.options.waitBudgetMs): Promise<CurrentPrices> {
    const cached = this.cached;
    if (cached && this.ageOf(cached) < this.options.cacheMs) return view(cached, false);
    const fresh = await this.freshAnswer(maxWaitMs);
    if (fresh) return view(fresh, true);
    return this.withoutFeed();
  }

  /**
   * Calls `listener` after every new answer, and once when the prices fall back to the fixed
   * table, one call at a time and off the request's path (the poll waits for it). Floating
   * orders follow the market through it (docs/decisions/027).
   */
  onUpdate(listener: PriceUpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The scheduler's beat (main.ts, every 2 s): asks the feed again once its answer is as old as
   * the refresh interval, runs the breaker's retry when it is due (the one caller that waits for
   * it), and lets floating orders pause once the last good answer is too old.
   */
  async poll(): Promise<void> {
    if (this.breaker.retryDue()) await this.refreshShared().promise;
    const now = this.options.clock.now().getTime();
    if (now >= this.nextPollAt || this.breaker.open) {
      this.nextPollAt = now + this.options.cacheMs;
      await this.current(Number.POSITIVE_INFINITY);
    }
    await this.announcing;
  }

  /**
   * Prices to value something for display (wallet totals in USD, a new account's cap in other
   * fiats): a recent answer, or null. Never the fallback table.
   */
  async forDisplay(maxWaitMs = this.options.waitBudgetMs): Promise<MarketPrices | null> {
    const current = await this.current(Math.min(maxWaitMs, this.options.waitBudgetMs));
    return current.ok ? current.prices : null;
  }

  /** A new answer within the wait: none while the breaker is open (its retry runs in the background). */
  private async freshAnswer(maxWaitMs: number): Promise<Snapshot | null> {
    if (this.breaker.open) {
      if (this.breaker.retryDue()) void this.refreshShared();
      return null;
    }
    const run = this.refreshShared();
    // The budget runs from the request's start: callers joining a slow request do not wait again.
    const left = run.startedAt + maxWaitMs - performance.now();
    if (left <= 0) return null;
    if (left === Number.POSITIVE_INFINITY) return run.promise;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), left);
    });
    return Promise.race([run.promise, timeout]).finally(() => clearTimeout(timer));
  }

  /** The last good answer while it is recent enough, then the demo walk (auto) or the fallback table. */
  private withoutFeed(): CurrentPrices {
    const stale = this.cached;
    if (stale && this.ageOf(stale) < this.options.staleMs) return view(stale, false);
    if (this.options.feed === 'auto') return this.demoStandIn();
    const fallback: CurrentPrices = {
      ok: false,
      source: 'fallback',
      prices: FALLBACK_PRICES,
      updatedAt: this.options.clock.now(),
    };
    if (this.lastTold !== 'fallback') this.announce(fallback);
    return fallback;
  }

  /** The demo walk in place of a feed that is down, starting where the feed's last answer was. */
  private demoStandIn(): CurrentPrices {
    const current = this.standIn;
    if (current && this.ageOf(current) < this.options.cacheMs) return view(current, false);
    const now = this.options.clock.now();
    const last = this.cached;
    const base = last ? { ...FALLBACK_PRICES, ...last.prices } : undefined;
    const prices = demoPrices({ seed: this.options.demoSeed, base, anchor: last?.fetchedAt }, now);
    const snapshot: Snapshot = { origin: 'demo', prices, fetchedAt: now };
    this.standIn = snapshot;
    const answer = view(snapshot, true);
    this.announce(answer);
    return answer;
  }

  private announce(current: CurrentPrices): void {
    this.lastTold = current.source;
    this.announcing = this.announcing.then(() => this.tell(current));
  }

  /** Never rejects. */
  private async tell(current: CurrentPrices): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(current);
      } catch (error) {
        // A listener that fails (the database is away) must not cost the caller its prices.
        const log = this.init.log;
        (log.error ?? log.warn).call(log, { err: error }, 'price update listener failed');
      }
    }
  }

  private ageOf(snapshot: Snapshot): number {
    return this.options.clock.now().getTime() - snapshot.fetchedAt.getTime();
  }

  /** Starts a feed request unless one is already running. */
  private refreshShared() {
    if (!this.inFlight) {
      const promise = this.refresh().finally(() => {
        this.inFlight = null;
      });
      this.inFlight = { promise, startedAt: performance.now() };
    }
    return this.inFlight;
  }

  /** One request to the feed (or one reading of the demo walk). Never rejects: a failure yields null. */
  private async refresh(): Promise<Snapshot | null> {
    const { feed, url, timeoutMs, demoSeed, clock } = this.options;
    try {
      const prices =
        feed === 'demo'
          ? demoPrices({ seed: demoSeed }, clock.now())
          : await fetchPriceFeed(url, timeoutMs, this.init.fetch);
      const snapshot: Snapshot = {
        origin: feed === 'demo' ? 'demo' : 'feed',
        prices,
        fetchedAt: clock.now(),
      };
      this.cached = snapshot;
      this.standIn = null;
      this.breaker.succeeded();
      this.announce(view(snapshot, true));
      return snapshot;
    } catch (error) {
      this.breaker.failed(error instanceof Error ? error.message : String(error));
      return null;
    }
  }
}
