import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHAIN_MODES, feeRateToPpm } from '@p2p/shared';
import { z } from 'zod';
import { type ChainConfig, readChainConfig } from './modules/chains/index.ts';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 0 or 1' })
  .transform((v) => v === '1' || v === 'true');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  DEMO_DATA: flag.default(false),
  AUTH_DEV_LOGIN: flag.default(false),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[A-Za-z0-9_-]{20,}$/, 'must look like 123456:ABC...')
    .optional(),
  TELEGRAM_BOT_USERNAME: z.string().min(3).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOTP_ENCRYPTION_KEY: z
    .string()
    .regex(
      /^([0-9a-fA-F]{64}|[A-Za-z0-9_-]{43}=?|[A-Za-z0-9+/]{43}=)$/,
      'must be 32 bytes as 64 hex characters or base64',
    )
    .optional(),
  PRICE_API_URL: z.url().default('https://api.coingecko.com/api/v3/simple/price'),
  /** How often the price feed is asked again, and floating orders repriced (docs/decisions/027). */
  PRICE_REFRESH_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * Where prices come from (docs/decisions/036): `live` the feed, `demo` the demo walk only,
   * `auto` the feed with the demo walk standing in while it is down (`npm start`). Only `live`
   * in production.
   */
  /** How often a proof-of-reserves snapshot is taken (docs/decisions/039); 0: only on demand. */
  POR_SNAPSHOT_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 31)
    .default(24),
  PRICE_FEED: z.enum(['live', 'demo', 'auto'], { error: 'must be live, demo or auto' }).default('live'),
  PRICE_DEMO_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(1),
  /** How long a request may wait for the price feed before it answers from the last prices. */
  PRICE_WAIT_MS: z.coerce.number().int().min(0).max(2000).default(150),
  PLATFORM_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,6})?$/, 'must be a decimal fraction below 1, e.g. 0.001')
    .default('0.001'),
  RATE_LIMIT: flag.default(true),
  DATABASE_PREPARED_STATEMENTS: flag.default(true),
  /** Connections per instance to PostgreSQL; unset: four a core, 4 to 20 (docs/decisions/059). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).optional(),
  /** How long the outbox's fast path gathers events before a batch (docs/decisions/061). */
  OUTBOX_GATHER_MS: z.coerce.number().int().min(0).max(1000).default(50),
  // Which proxies may tell the client's address in X-Forwarded-For (docs/decisions/014).
  TRUST_PROXY: z
    .string()
    .trim()
    .refine((v) => parseTrustProxy(v) !== null, {
      message: 'must be false, true, a hop count or a comma-separated list of addresses/CIDRs',
    })
    .optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Target time to settle a dispute; the back office counts the ones past it. */
  DISPUTE_SLA_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Money in (docs/decisions/011-custody.md). `npm start` sets CHAIN_MODE=devnet.
  CHAIN_MODE: z.enum(CHAIN_MODES, { error: 'must be devnet, live or off' }).default('off'),
  DEVNET_BLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  // Absent: every network on the devnet, those with a live adapter in live mode (chain-config.ts).
  CHAIN_NETWORKS: z.string().optional(),
  BTC_XPUB: z.string().min(1).optional(),
  ETH_XPUB: z.string().min(1).optional(),
  BSC_XPUB: z.string().min(1).optional(),
  TRON_XPUB: z.string().min(1).optional(),
  DOGE_XPUB: z.string().min(1).optional(),
  ADA_ACCOUNT_XPUB: z.string().min(1).optional(),
  /** Networks whose deposit addresses come from the imported pool (docs/decisions/032). */
  ADDRESS_POOL_NETWORKS: z.string().default(''),
  BTC_ESPLORA_URL: z.url().default('https://blockstream.info/api'),
  ETH_RPC_URL: z.url().default('https://ethereum-rpc.publicnode.com'),
  BSC_RPC_URL: z.url().default('https://bsc-dataseed.bnbchain.org'),
  TRON_API_URL: z.url().default('https://api.trongrid.io'),
  // The spec's other coins (docs/decisions/031-doge-sol-ada.md).
  BLOCKBOOK_DOGE_URL: z.url().default('https://doge1.trezor.io'),
  SOLANA_RPC_URL: z.url().default('https://api.mainnet-beta.solana.com'),
  BLOCKFROST_URL: z.url().default('https://cardano-mainnet.blockfrost.io/api/v0'),
  BLOCKFROST_PROJECT_ID: z.string().min(1).optional(),
  USDT_SPL_MINT: z.string().default('Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'),
  TRON_API_KEY: z.string().min(1).optional(),
  USDT_ERC20_CONTRACT: z.string().default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  USDT_TRC20_CONTRACT: z.string().default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
  /** Bot API server (another one, or a local stub in tests). */
  TELEGRAM_API_ROOT: z.url().default('https://api.telegram.org'),
  /** How the bot receives updates: Telegram's webhook, or long polling from this process. */
  TELEGRAM_UPDATES: z.enum(['webhook', 'polling']).default('webhook'),
  /** X-Telegram-Bot-Api-Secret-Token of the webhook; derived from the bot token when unset. */
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,256}$/)
    .optional(),
  /**
   * Pace outgoing bot messages within Telegram's limits (one a second per chat). `0` only
   * against a Bot API stub that has no limits (the test suites).
   */
  TELEGRAM_THROTTLE: flag.default(true),
  /**
   * The longest a bot message may take to send, retries and pacing included; a send still
   * unanswered then is aborted. A claimed message not sent within it is sent again by the next
   * delivery of its event (docs/decisions/041, "Bot messages").
   */
  TELEGRAM_SEND_DEADLINE_MS: z.coerce.number().int().min(1_000).max(600_000).default(60_000),
  /**
   * The Mini App the bot's «Открыть в приложении» buttons open (docs/decisions/017): the web
   * app's own HTTPS address (`web_app` buttons, private chats) or its t.me direct link
   * (`https://t.me/bot/app`, link buttons). Unset: the buttons open the website only.
   */
  TELEGRAM_MINI_APP_URL: z.url({ protocol: /^https$/ }).optional(),
  /** Public origin of the web app, for links in bot messages. */
  PUBLIC_URL: z.url().optional(),
  // Trust and safety (docs/decisions/023-trust-and-safety.md).
  /** How long a valid second-factor code elevates its session for confirming payments. */
  STEP_UP_MINUTES: z.coerce.number().int().min(0).max(60).default(5),
  /**
   * Hours money may not leave an account after a security change (docs/decisions/033): 24
   * unless set; 0 by default with DEMO_DATA=1.
   */
  SECURITY_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
  /** Dispute resolutions and admin credits worth more (USD) need a second admin. */
  FOUR_EYES_USD: z.coerce.number().int().min(0).max(100_000_000).default(1000),
  /** An account with fewer completed trades is new. */
  LIMIT_NEW_ACCOUNT_TRADES: z.coerce.number().int().min(0).max(1000).default(5),
  /** Open trades as a buyer at once: a new account, any other. */
  LIMIT_NEW_OPEN_TRADES: z.coerce.number().int().min(1).max(1000).default(2),
  LIMIT_OPEN_TRADES: z.coerce.number().int().min(1).max(1000).default(10),
  /** The largest trade of a new account, in rubles (other fiats at the price feed's rate). */
  LIMIT_NEW_TRADE_RUB: z.coerce.number().int().min(1000).max(1_000_000_000).default(50_000),
  /** Cancellations or expiries as a buyer within 24 h that suspend taking trades... */
  LIMIT_CANCELS_PER_DAY: z.coerce.number().int().min(1).max(1000).default(3),
  /** ...for this many hours. */
  LIMIT_CANCEL_SUSPENSION_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24),
  /** Disputes lost as the party at fault that suspend taking trades until staff lift it. */
  LIMIT_LOST_DISPUTES: z.coerce.number().int().min(1).max(1000).default(2),
});

/** Trust-and-safety settings (docs/decisions/023-trust-and-safety.md). */
export interface SafetyConfig {
  stepUpMs: number;
  /** The security hold after a security change (docs/decisions/033); 0: none. */
  securityHoldMs: number;
  fourEyesUsd: number;
  limits: {
    newAccountTrades: number;
    newOpenTrades: number;
    openTrades: number;
    /** Kopecks. */
    newTradeRub: bigint;
    cancelsPerDay: number;
    cancelSuspensionMs: number;
    lostDisputes: number;
  };
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Server-side prepared statements on PostgreSQL (off for a pooler in transaction mode). */
  databasePreparedStatements: boolean;
  /** Unset: the default of db/client.ts (`defaultPoolSize`). */
  databasePoolMax: number | undefined;
  /** The outbox's gathering window, ms (events/outbox-relay.ts). */
  outboxGatherMs: number;
  redisUrl: string | undefined;
  demoData: boolean;
  devLogin: boolean;
  telegram: {
    botToken: string;
    botUsername: string | null;
    apiRoot: string;
    updates: 'webhook' | 'polling';
    webhookSecret: string;
    miniAppUrl: string | null;
    /** Outgoing calls paced within Telegram's limits (TELEGRAM_THROTTLE). */
    throttle: boolean;
    /** TELEGRAM_SEND_DEADLINE_MS: how long one bot message may take to send. */
    sendDeadlineMs: number;
  } | null;
  /** Origin of the web app in links the server sends out (bot messages). */
  publicUrl: string;
  jwtSecret: string;
  /** AES-256-GCM key for two-factor secrets at rest (32 bytes). */
  totpEncryptionKey: Buffer;
  /** CHAIN_MODE=devnet: Bitcoin runs in regtest, so withdrawal addresses are regtest ones. */
  devnetAddresses: boolean;
  priceApiUrl: string;
  /** PRICE_REFRESH_SECONDS in milliseconds. */
  priceRefreshMs: number;
  /** POR_SNAPSHOT_HOURS in milliseconds; 0: no periodic snapshot (docs/decisions/039). */
  porSnapshotMs: number;
  /** PRICE_FEED: the live feed, the demo walk, or the feed with the demo walk standing in. */
  priceFeed: 'live' | 'demo' | 'auto';
  priceDemoSeed: number;
  /** PRICE_WAIT_MS: the most a request waits for the feed (docs/decisions/036). */
  priceWaitMs: number;
  /** Fee rate in parts per million (0.001 -> 1000). */
  feePpm: bigint;
  disputeSlaHours: number;
  rateLimit: boolean;
  /**
   * Fastify's `trustProxy`: false (default: the socket's peer is the client), true (trust
   * every hop), a hop count, or the addresses/CIDRs of the proxies in front of us.
   */
  trustProxy: TrustProxy;
  /**
   * /metrics: with a token, only for `Authorization: Bearer <token>`; without one it is open
   * outside production and absent in production.
   */
  metrics: { token: string } | 'open' | 'off';
  logLevel: string;
  webDist: string | null;
  chain: ChainConfig;
  safety: SafetyConfig;
};

export class ConfigError extends Error {}

export type TrustProxy = boolean | number | string[];

const IPV4_CIDR = /^(\d{1,3}\.){3}\d{1,3}(\/\d{1,2})?$/;
const IPV6_CIDR = /^[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(\/\d{1,3})?$/;
/** proxy-addr's names for address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY text -> Fastify's setting; null when it is none of the accepted forms. */
export function parseTrustProxy(text: string | undefined): TrustProxy | null {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const list = value.split(',').map((s) => s.trim());
  const valid = list.every((s) => NAMED_RANGES.has(s) || IPV4_CIDR.test(s) || IPV6_CIDR.test(s));
  return valid && list.length > 0 ? list : null;
}

/** Reads and validates the environment. Throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const problems = productionProblems(e);
    if (problems.length) {
      throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    }
  }
  const chain = readChainConfig(e);
  if (chain.problems.length) {
    throw new ConfigError(`Invalid configuration:\n${chain.problems.map((p) => `  ${p}`).join('\n')}`);
  }
  const dataDir = resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePreparedStatements: e.DATABASE_PREPARED_STATEMENTS,
    databasePoolMax: e.DATABASE_POOL_MAX,
    outboxGatherMs: e.OUTBOX_GATHER_MS,
    redisUrl: e.REDIS_URL,
    demoData: e.DEMO_DATA,
    devLogin: e.AUTH_DEV_LOGIN,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          botToken: e.TELEGRAM_BOT_TOKEN,
          botUsername: e.TELEGRAM_BOT_USERNAME ?? null,
          apiRoot: e.TELEGRAM_API_ROOT.replace(/\/+$/, ''),
          updates: e.TELEGRAM_UPDATES,
          webhookSecret:
            e.TELEGRAM_WEBHOOK_SECRET ??
            createHmac('sha256', e.TELEGRAM_BOT_TOKEN).update('webhook-secret').digest('base64url'),
          miniAppUrl: e.TELEGRAM_MINI_APP_URL ?? null,
          throttle: e.TELEGRAM_THROTTLE,
          sendDeadlineMs: e.TELEGRAM_SEND_DEADLINE_MS,
        }
      : null,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY
      ? decodeKey(e.TOTP_ENCRYPTION_KEY)
      : decodeKey(loadOrCreateSecret(dataDir, 'totp-key', () => randomBytes(32).toString('base64url'))),
    devnetAddresses: chain.config.mode === 'devnet',
    priceApiUrl: e.PRICE_API_URL,
    priceRefreshMs: e.PRICE_REFRESH_SECONDS * 1000,
    priceFeed: e.PRICE_FEED,
    porSnapshotMs: Math.round(e.POR_SNAPSHOT_HOURS * 3_600_000),
    priceDemoSeed: e.PRICE_DEMO_SEED,
    priceWaitMs: e.PRICE_WAIT_MS,
    feePpm: feeRateToPpm(e.PLATFORM_FEE_RATE),
    disputeSlaHours: e.DISPUTE_SLA_HOURS,
    rateLimit: e.RATE_LIMIT,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    metrics: e.METRICS_TOKEN ? { token: e.METRICS_TOKEN } : e.NODE_ENV === 'production' ? 'off' : 'open',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? null,
    chain: chain.config,
    safety: {
      stepUpMs: e.STEP_UP_MINUTES * 60_000,
      securityHoldMs: (e.SECURITY_HOLD_HOURS ?? (e.DEMO_DATA ? 0 : 24)) * 3_600_000,
      fourEyesUsd: e.FOUR_EYES_USD,
      limits: {
        newAccountTrades: e.LIMIT_NEW_ACCOUNT_TRADES,
        newOpenTrades: e.LIMIT_NEW_OPEN_TRADES,
        openTrades: e.LIMIT_OPEN_TRADES,
        newTradeRub: BigInt(e.LIMIT_NEW_TRADE_RUB) * 100n,
        cancelsPerDay: e.LIMIT_CANCELS_PER_DAY,
        cancelSuspensionMs: e.LIMIT_CANCEL_SUSPENSION_HOURS * 3_600_000,
        lostDisputes: e.LIMIT_LOST_DISPUTES,
      },
    },
  };
}

/**
 * NODE_ENV=production takes nothing meant for a laptop: demo data and development sign-in are
 * refused (the simulated chains too, in chain-config.ts), and the secrets are given explicitly (generated files in
 * DATA_DIR differ per instance and vanish with the container).
 */
function productionProblems(e: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (e.DEMO_DATA || e.AUTH_DEV_LOGIN) {
    problems.push('DEMO_DATA and AUTH_DEV_LOGIN must be off when NODE_ENV=production');
  }
  if (e.PRICE_FEED !== 'live') {
    problems.push('PRICE_FEED: demo prices are refused when NODE_ENV=production (set live)');
  }
  if (!e.JWT_SECRET) problems.push('JWT_SECRET: required when NODE_ENV=production');
  if (!e.TOTP_ENCRYPTION_KEY) problems.push('TOTP_ENCRYPTION_KEY: required when NODE_ENV=production');
  return problems;
}

/**
 * Secrets not given in the environment are generated once and kept in DATA_DIR, so restarts
 * keep sessions (jwt-secret) and can still read two-factor secrets (totp-key). Several
 * instances must share them: set the variables, or share DATA_DIR.
 */
function loadOrCreateSecret(
  dataDir: string,
  name = 'jwt-secret',
  generate = () => randomBytes(48).toString('base64url'),
): string {
  const file = join(dataDir, name);
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = generate();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** 64 hex characters or (url-safe) base64 of exactly 32 bytes. */
function decodeKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64url');
  if (key.length !== 32)
    throw new ConfigError('Invalid configuration:\n  TOTP_ENCRYPTION_KEY: must be 32 bytes');
  return key;
}
