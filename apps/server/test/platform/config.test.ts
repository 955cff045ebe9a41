import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { GATHER_MS } from '../../src/events/outbox-relay.ts';

const TEST_BOT_TOKEN = '123456789:TESTtokenTESTtokenTESTtokenTEST12345';
const SECRET = 'config-test-secret-config-test-secret-0123';
const TOTP_KEY = 'ffeeddccbbaa99887766554433221100ffeeddccbbaa99887766554433221100';
const base = { NODE_ENV: 'test', JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: TOTP_KEY };

function configError(env: Record<string, string>): string {
  try {
    loadConfig({ ...base, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig: refusals name the variable', () => {
  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://root@localhost/db'],
    ['REDIS_URL', 'http://localhost:6379'],
    ['DEMO_DATA', 'yes'],
    ['AUTH_DEV_LOGIN', 'on'],
    ['RATE_LIMIT', '2'],
    ['TELEGRAM_BOT_TOKEN', 'not-a-token'],
    ['TELEGRAM_BOT_TOKEN', ''],
    // Telegram opens Mini Apps over HTTPS only.
    ['TELEGRAM_MINI_APP_URL', 'http://p2p.example'],
    ['JWT_SECRET', 'too-short'],
    ['TOTP_ENCRYPTION_KEY', 'too-short'],
    ['TOTP_ENCRYPTION_KEY', 'ab'.repeat(31)],
    ['PLATFORM_FEE_RATE', '1.5'],
    ['PLATFORM_FEE_RATE', '0.1234567'],
    ['PLATFORM_FEE_RATE', '-0.1'],
    ['PRICE_API_URL', 'not a url'],
    ['PRICE_FEED', 'random'],
    ['PRICE_DEMO_SEED', '-1'],
    ['PRICE_WAIT_MS', '2001'],
    ['LOG_LEVEL', 'loud'],
    ['HOST', ''],
    ['DATABASE_POOL_MAX', '0'],
    ['DATABASE_POOL_MAX', 'many'],
    ['DATABASE_POOL_MAX', '2.5'],
    ['OUTBOX_GATHER_MS', '-1'],
    ['OUTBOX_GATHER_MS', '1001'],
  ])('%s=%j', (name, value) => {
    const message = configError({ [name]: value });
    expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('lists every problem, one line each', () => {
    const message = configError({ PORT: 'abc', LOG_LEVEL: 'loud', JWT_SECRET: 'x' });
    expect(message).toMatch(/^ {2}PORT: /m);
    expect(message).toMatch(/^ {2}LOG_LEVEL: /m);
    expect(message).toMatch(/^ {2}JWT_SECRET: must be at least 32 characters$/m);
  });
});

describe('loadConfig: production safety', () => {
  it('refuses NODE_ENV=production with AUTH_DEV_LOGIN=1', () => {
    expect(configError({ NODE_ENV: 'production', AUTH_DEV_LOGIN: '1' })).toContain('AUTH_DEV_LOGIN');
    expect(configError({ NODE_ENV: 'production', AUTH_DEV_LOGIN: 'true' })).toContain('AUTH_DEV_LOGIN');
  });

  it('refuses NODE_ENV=production with DEMO_DATA=1', () => {
    expect(configError({ NODE_ENV: 'production', DEMO_DATA: '1' })).toContain('DEMO_DATA');
  });

  it.each(['demo', 'auto'])('refuses NODE_ENV=production with PRICE_FEED=%s (demo prices)', (feed) => {
    expect(configError({ NODE_ENV: 'production', PRICE_FEED: feed })).toMatch(/^ {2}PRICE_FEED: /m);
    expect(loadConfig({ ...base, NODE_ENV: 'development', PRICE_FEED: feed }).priceFeed).toBe(feed);
  });

  it('accepts a clean production configuration', () => {
    const config = loadConfig({
      ...base,
      NODE_ENV: 'production',
      AUTH_DEV_LOGIN: '0',
      DEMO_DATA: 'false',
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      TELEGRAM_BOT_USERNAME: 'market_bot',
      DATABASE_URL: 'postgresql://app@db:5432/market',
    });
    expect(config).toMatchObject({
      env: 'production',
      devLogin: false,
      demoData: false,
      databaseUrl: 'postgresql://app@db:5432/market',
      telegram: { botToken: TEST_BOT_TOKEN, botUsername: 'market_bot' },
      priceFeed: 'live',
    });
  });

  it('development sign-in is allowed outside production', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'development', AUTH_DEV_LOGIN: '1' }).devLogin).toBe(true);
  });
});

describe('loadConfig: values', () => {
  it('has safe defaults', () => {
    const config = loadConfig({ JWT_SECRET: SECRET, TOTP_ENCRYPTION_KEY: TOTP_KEY });
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      devLogin: false,
      demoData: false,
      rateLimit: true,
      telegram: null,
      feePpm: 1000n,
      jwtSecret: SECRET,
      databaseUrl: undefined,
      devnetAddresses: false,
    });
    expect(config.totpEncryptionKey.toString('hex')).toBe(TOTP_KEY);
    // The pool's size is the database client's default unless set (docs/decisions/059).
    expect(config.databasePoolMax).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_POOL_MAX: '12' }).databasePoolMax).toBe(12);
    // The outbox gathers for 10 ms unless set (docs/decisions/061).
    expect(config.outboxGatherMs).toBe(GATHER_MS);
    expect(loadConfig({ ...base, OUTBOX_GATHER_MS: '0' }).outboxGatherMs).toBe(0);
  });

  it('reads the TOTP key as hex or base64 of 32 bytes, and only CHAIN_MODE=devnet as the devnet', () => {
    const key = Buffer.alloc(32, 7);
    for (const text of [key.toString('base64'), key.toString('base64url')]) {
      expect(loadConfig({ ...base, TOTP_ENCRYPTION_KEY: text }).totpEncryptionKey).toEqual(key);
    }
    expect(loadConfig({ ...base, CHAIN_MODE: 'devnet' }).devnetAddresses).toBe(true);
    expect(loadConfig({ ...base, CHAIN_MODE: 'off' }).devnetAddresses).toBe(false);
    expect(loadConfig(base).devnetAddresses).toBe(false);
  });

  it.each([
    ['0', 0n],
    ['0.001', 1000n],
    ['0.0025', 2500n],
    ['0.5', 500_000n],
    ['0.000001', 1n],
  ])('PLATFORM_FEE_RATE=%s -> %s ppm', (rate, ppm) => {
    expect(loadConfig({ ...base, PLATFORM_FEE_RATE: rate }).feePpm).toBe(ppm);
  });

  it('reads flags as 0/1/true/false', () => {
    expect(loadConfig({ ...base, RATE_LIMIT: '0' }).rateLimit).toBe(false);
    expect(loadConfig({ ...base, RATE_LIMIT: 'false' }).rateLimit).toBe(false);
    expect(loadConfig({ ...base, RATE_LIMIT: 'true' }).rateLimit).toBe(true);
  });

  it('keeps the bot username null when only the token is set', () => {
    expect(loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN }).telegram).toMatchObject({
      botToken: TEST_BOT_TOKEN,
      botUsername: null,
      miniAppUrl: null,
      // Outgoing messages are paced within Telegram's limits unless turned off for a stub.
      throttle: true,
    });
    const stub = loadConfig({ ...base, TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN, TELEGRAM_THROTTLE: '0' });
    expect(stub.telegram?.throttle).toBe(false);
  });

  describe('without JWT_SECRET', () => {
    const dir = mkdtempSync(join(tmpdir(), 'p2p-config-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('generates a secret once in DATA_DIR, private, and reuses it', () => {
      const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      const file = join(dir, 'jwt-secret');
      expect(readFileSync(file, 'utf8')).toBe(first.jwtSecret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
    });

    it('generates the two-factor key the same way: 32 bytes, private, kept across restarts', () => {
      const first = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir });
      expect(first.totpEncryptionKey.length).toBe(32);
      const file = join(dir, 'totp-key');
      expect(Buffer.from(readFileSync(file, 'utf8'), 'base64url')).toEqual(first.totpEncryptionKey);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: dir }).totpEncryptionKey).toEqual(
        first.totpEncryptionKey,
      );
    });
  });
});
