import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { Notifier } from './events/notifier.ts';
import type { Clock } from './lib/clock.ts';
import { MarketPricesService } from './modules/market/index.ts';
import { BOOK_CACHE_TTL_MS, type BookAnswer, BookCache, bookRows } from './modules/orders/index.ts';
import { SessionService, TokenService } from './modules/sessions/index.ts';
import { DatabaseUploadStore, type UploadStore } from './modules/uploads/index.ts';

/** What every module needs: configuration, the database, time and the token machinery. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
  /** Post-commit events for the realtime layer. */
  notifier: Notifier;
  /** Whether a user has a socket connected now; the realtime layer replaces the default. */
  presence: (userId: string) => Promise<boolean>;
  /** Uploaded files, readable by every instance (docs/decisions/014). */
  uploads: UploadStore;
  /** Recent pages of the public order book (docs/decisions/019). */
  bookCache: BookCache<BookAnswer>;
  /**
   * The price feed, one per instance: the market screen, wallet values and the new-account cap
   * in other fiats than RUB (docs/decisions/023) share its cache. The app replaces the default
   * with one that logs to its logger.
   */
  prices: MarketPricesService;
}

/**
 * What a service or helper takes of the context: exactly the fields it reads, so its signature
 * lists them (docs/ARCHITECTURE.md, "The composition root"). A whole `AppContext` is one.
 */
export type Needs<K extends keyof AppContext> = Pick<AppContext, K>;

export function createContext(config: Config, database: Database, clock: Clock): AppContext {
  const tokens = new TokenService(config.jwtSecret, () => clock.now());
  const notifier = new Notifier();
  // A changed order is read again and patched into the cached pages (docs/decisions/044).
  const bookCache = new BookCache<BookAnswer>(clock, BOOK_CACHE_TTL_MS, bookRows(database.db, clock));
  // Order and trade changes announced after their commit make the next book read fresh.
  notifier.subscribe((e) => bookCache.observe(e));
  return {
    config,
    database,
    db: database.db,
    clock,
    tokens,
    sessions: new SessionService(database.db, tokens, clock, (ids) => notifier.sessionsEnded(ids)),
    notifier,
    // Without a socket server nobody is connected: chat messages go to the inbox.
    presence: async () => false,
    uploads: new DatabaseUploadStore(database.db, config.dataDir),
    bookCache,
    prices: MarketPricesService.fromConfig(config, clock, { warn: () => {} }),
  };
}
