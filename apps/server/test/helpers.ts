import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createServices, type Services } from '../src/composition.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type AppContext, createContext } from '../src/context.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import { ManualClock } from '../src/lib/clock.ts';
import { Scheduler, type SchedulerOptions } from '../src/modules/scheduler/index.ts';
import { findTwoFactor } from '../src/modules/two-factor/two-factor.repository.ts';
import { TEST_TOTP_SECRET } from './factories.ts';

export const TEST_BOT_TOKEN = '123456789:TESTtokenTESTtokenTESTtokenTEST12345';

let template: Blob | null = null;
/** The run's migrated PGlite data directory (global-setup.ts), read once per test file. */
function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('dbTemplate'))]);
  return template;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by DATABASE_URL (dropped again by `dispose`). Both
 * are copies of the run's migrated template (global-setup.ts); `migrate` then finds nothing to do.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  url: string | null;
  dispose(): Promise<void>;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: null, pgliteTemplate: pgliteTemplate() });
    await migrate(database);
    return { database, url: null, dispose: () => database.close() };
  }
  const name = `p2p_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('dbTemplate')}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 30 });
  await migrate(database);
  return {
    database,
    url: url.toString(),
    async dispose() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    TOTP_ENCRYPTION_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
    AUTH_DEV_LOGIN: '1',
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    TELEGRAM_BOT_USERNAME: 'p2p_test_bot',
    RATE_LIMIT: '0',
    // The Bot API stub has no limits to respect: no second-long pauses between messages.
    TELEGRAM_THROTTLE: '0',
    DATA_DIR: '/tmp/p2p-test-data',
    PRICE_API_URL: 'http://127.0.0.1:9/simple/price',
    // Suites that read a local price stub on a loaded machine wait for it (the default 150 ms
    // budget is what market/feed-outage.test.ts checks).
    PRICE_WAIT_MS: '2000',
    // No security hold unless a suite asks for one (security/security-hold.test.ts): suites
    // about other things enrol, save addresses and then withdraw (docs/decisions/033).
    SECURITY_HOLD_HOURS: '0',
    // The outbox's consumers run right after a response, as before its gathering window
    // (docs/decisions/061): suites about what they do need not wait out 10 ms of it first.
    // outbox/relay-batches.test.ts checks the window on relays of its own.
    OUTBOX_GATHER_MS: '0',
    ...env,
  });
}

/**
 * Trade limits out of reach (docs/decisions/023, "Limits"): nobody is a new account and no
 * count suspends. For suites about something else whose users, new accounts all, open many or
 * large trades at once (the order book, races, the ledger's property test); the limits' reads
 * still run on every opening. trades/limits.test.ts tests the defaults.
 */
export const LAX_TRADE_LIMITS: Record<string, string> = {
  LIMIT_NEW_ACCOUNT_TRADES: '0',
  LIMIT_OPEN_TRADES: '1000',
  LIMIT_CANCELS_PER_DAY: '1000',
  LIMIT_LOST_DISPUTES: '1000',
};

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  database: Database;
  close(): Promise<void>;
}

const built = new WeakMap<AppContext, Services>();

/**
 * The composition root's services for `ctx`: a test app's own for its context, else built once
 * per context (another instance's, say, with its own clock).
 */
export function servicesOf(ctx: AppContext): Services {
  let services = built.get(ctx);
  if (!services) {
    services = createServices(ctx);
    built.set(ctx, services);
  }
  return services;
}

/** A scheduler running `ctx`'s services (the composition root's `trades`, `orders`, `reminders`). */
export function schedulerOf(ctx: AppContext, options?: SchedulerOptions): Scheduler {
  return new Scheduler(ctx, servicesOf(ctx), options);
}

/** The whole HTTP app on a fresh database, with a manual clock. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, dispose } = await createTestDatabase();
  const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  const ctx = createContext(testConfig(env), database, clock);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  built.set(ctx, app.services);
  return {
    app,
    ctx,
    clock,
    database,
    async close() {
      await app.close();
      await dispose();
    },
  };
}

/** Signs a user in through the development sign-in and returns the bearer header and ids. */
export async function signIn(app: FastifyInstance, username: string) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/dev-login', payload: { username } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as {
    user: { id: string };
    tokens: { accessToken: string; refreshToken: string };
  };
  return {
    userId: data.user.id,
    accessToken: data.tokens.accessToken,
    refreshToken: data.tokens.refreshToken,
    headers: { authorization: `Bearer ${data.tokens.accessToken}` },
  };
}

/**
 * Signs a user in like `signIn` and turns two-factor on for them with the tests' known secret
 * (factories.ts): selling and withdrawing need it (docs/decisions/023).
 */
export async function signInEnrolled(t: TestApp, username: string) {
  const session = await signIn(t.app, username);
  if (!(await findTwoFactor(t.ctx.db, session.userId))?.enabledAt) {
    await t.app.services.twoFactor.enrolKnownSecret(t.ctx.db, session.userId, TEST_TOTP_SECRET);
  }
  return session;
}

/**
 * `headers` plus a fresh re-authentication of their session (docs/decisions/033): what a
 * security change (two-factor, keys, webhooks, saved addresses, Telegram) carries. The
 * account must be one the development sign-in made (`{ dev: true }`); valid 5 minutes.
 */
export async function withReauth(
  app: FastifyInstance,
  headers: Record<string, string>,
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/reauth',
    headers,
    payload: { dev: true },
  });
  if (res.statusCode !== 200) throw new Error(`reauth failed: ${res.statusCode} ${res.body}`);
  return { ...headers, 'x-reauth-token': (res.json().data as { reauthToken: string }).reauthToken };
}
