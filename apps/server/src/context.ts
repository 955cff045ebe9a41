import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import { SessionService } from './modules/auth/sessions.ts';
import { TokenService } from './modules/auth/tokens.ts';
import { Notifier } from './modules/realtime/notifier.ts';

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
}

export function createContext(config: Config, database: Database, clock: Clock): AppContext {
  const tokens = new TokenService(config.jwtSecret, () => clock.now());
  return {
    config,
    database,
    db: database.db,
    clock,
    tokens,
    sessions: new SessionService(database.db, tokens, clock),
    notifier: new Notifier(),
  };
}
