import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig, parseTrustProxy } from '../../src/config.ts';
import { createContext } from '../../src/context.ts';
import { type Database, openDatabase, queryRows } from '../../src/db/client.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { createTestDatabase, testConfig } from '../helpers.ts';

const SECRET = 'deploy-test-secret-deploy-test-secret-0123';
const TOTP_KEY = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
const production = { NODE_ENV: 'production', JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: TOTP_KEY };

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected a refusal for ${JSON.stringify(env)}`);
}

describe('NODE_ENV=production', () => {
  it('refuses to start without an explicit JWT_SECRET or TOTP_ENCRYPTION_KEY (no generated files)', () => {
    expect(refusal({ NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: TOTP_KEY })).toMatch(
      /^ {2}JWT_SECRET: required when NODE_ENV=production$/m,
    );
    expect(refusal({ NODE_ENV: 'production', JWT_SECRET: SECRET })).toMatch(
      /^ {2}TOTP_ENCRYPTION_KEY: required when NODE_ENV=production$/m,
    );
    // Both missing: both named at once.
    const both = refusal({ NODE_ENV: 'production' });
    expect(both).toContain('JWT_SECRET');
    expect(both).toContain('TOTP_ENCRYPTION_KEY');
  });

  it('refuses the simulated chains, demo data and dev sign-in', () => {
    expect(refusal({ ...production, CHAIN_MODE: 'devnet' })).toContain('CHAIN_MODE: devnet is refused');
    expect(refusal({ ...production, DEMO_DATA: '1' })).toContain('DEMO_DATA');
    expect(refusal({ ...production, AUTH_DEV_LOGIN: '1' })).toContain('AUTH_DEV_LOGIN');
  });

  it('defaults to no demo data, no dev sign-in, no chains, no proxy trust and no metrics', () => {
    const config = loadConfig(production);
    expect(config).toMatchObject({
      demoData: false,
      devLogin: false,
      trustProxy: false,
      metrics: 'off',
      jwtSecret: SECRET,
    });
    expect(config.chain.mode).toBe('off');
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8', ['10.0.0.0/8']],
    ['127.0.0.1, 10.1.2.3,::1', ['127.0.0.1', '10.1.2.3', '::1']],
    ['loopback, fd00::/8', ['loopback', 'fd00::/8']],
  ])('%j -> %j', (text, expected) => {
    expect(parseTrustProxy(text)).toEqual(expected);
    if (text !== undefined)
      expect(loadConfig({ ...production, TRUST_PROXY: text }).trustProxy).toEqual(expected);
  });

  it.each(['yes', 'proxy.example.com', '10.0.0.0/8;rm', '1.2.3'])('refuses %j', (text) => {
    expect(refusal({ ...production, TRUST_PROXY: text })).toMatch(/^ {2}TRUST_PROXY: /m);
  });
});

let shared: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  shared = await createTestDatabase();
});
afterAll(() => shared.dispose());

/** The app of `env` with a route answering the client address the app believes in. */
async function ipApp(env: Record<string, string> = {}) {
  const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
  const ctx = createContext(testConfig(env), shared.database, clock);
  const app = await buildApp(ctx, { logger: false });
  app.get('/test/ip', async (request) => ({ ip: request.ip }));
  await app.ready();
  return { app, close: () => app.close() };
}

async function ipOf(app: FastifyInstance, remoteAddress: string, forwarded?: string): Promise<string> {
  const res = await app.inject({
    url: '/test/ip',
    remoteAddress,
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  });
  return res.json().ip;
}

describe('client address behind proxies', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const a of opened.splice(0)) await a.close();
  });

  it('ignores X-Forwarded-For by default: a client cannot choose the address rate limits see', async () => {
    const t = await ipApp();
    opened.push(t);
    expect(await ipOf(t.app, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('believes only the proxies TRUST_PROXY names', async () => {
    const t = await ipApp({ TRUST_PROXY: '10.0.0.0/8' });
    opened.push(t);
    expect(await ipOf(t.app, '10.1.2.3', '203.0.113.7')).toBe('203.0.113.7');
    expect(await ipOf(t.app, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('with a hop count trusts that many proxies, the rest of the chain is the client’s word', async () => {
    const t = await ipApp({ TRUST_PROXY: '1' });
    opened.push(t);
    expect(await ipOf(t.app, '10.1.2.3', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
  });

  it('rate limits by the socket address whatever the client forwards', async () => {
    const t = await ipApp({ RATE_LIMIT: '1' });
    opened.push(t);
    const codes: number[] = [];
    // The global limit is 300 a minute per anonymous IP: a new X-Forwarded-For each time
    // must not buy a fresh allowance.
    for (let i = 0; i < 301; i++) {
      const res = await t.app.inject({
        url: '/api/v1/config',
        remoteAddress: '198.51.100.20',
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 300).every((c) => c === 200)).toBe(true);
    expect(codes[300]).toBe(429);
  });
});

describe('/metrics', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const a of opened.splice(0)) await a.close();
  });
  const TOKEN = 'metrics-token-0123456789abcdef';

  it('with METRICS_TOKEN answers only its bearer: 401 envelope otherwise', async () => {
    const t = await ipApp({ METRICS_TOKEN: TOKEN });
    opened.push(t);
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
      expect(res.headers['www-authenticate']).toContain('Bearer');
    }
    const ok = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('process_resident_memory_bytes');
  });

  it('in production without METRICS_TOKEN is not served at all', async () => {
    const t = await ipApp({ NODE_ENV: 'production', AUTH_DEV_LOGIN: '0' });
    opened.push(t);
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('process_resident_memory_bytes');
  });
});

describe('database pool', () => {
  it('logs an idle client’s failure instead of swallowing it, and goes on', async () => {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const logged: { obj: object; msg: string }[] = [];
    const database: Database = await openDatabase({
      databaseUrl: url,
      poolMax: 2,
      log: { error: (obj, msg) => logged.push({ obj, msg }) },
    });
    try {
      const [row] = await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
      // The client is back in the pool, idle; the server now ends its connection.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [row?.pid]);
      await admin.end();
      await expect.poll(() => logged.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(logged[0]?.msg).toContain('database pool');
      expect((logged[0]?.obj as { err?: Error } | undefined)?.err).toBeInstanceOf(Error);
      // The pool replaced the lost client.
      expect(await queryRows(database.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });
});
