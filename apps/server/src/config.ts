import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CHAIN_MODES, feeRateToPpm, NETWORK_IDS } from '@p2p/shared';
import { z } from 'zod';
import { type ChainConfig, readChainConfig } from './modules/chains/chain-config.ts';

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
  PLATFORM_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,6})?$/, 'must be a decimal fraction below 1, e.g. 0.001')
    .default('0.001'),
  RATE_LIMIT: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  // Money in (docs/decisions/011-custody.md). `npm start` sets CHAIN_MODE=devnet.
  CHAIN_MODE: z.enum(CHAIN_MODES, { error: 'must be devnet, live or off' }).default('off'),
  DEVNET_BLOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  CHAIN_NETWORKS: z.string().default(NETWORK_IDS.join(',')),
  BTC_XPUB: z.string().min(1).optional(),
  ETH_XPUB: z.string().min(1).optional(),
  BSC_XPUB: z.string().min(1).optional(),
  TRON_XPUB: z.string().min(1).optional(),
  BTC_ESPLORA_URL: z.url().default('https://blockstream.info/api'),
  ETH_RPC_URL: z.url().default('https://ethereum-rpc.publicnode.com'),
  BSC_RPC_URL: z.url().default('https://bsc-dataseed.bnbchain.org'),
  TRON_API_URL: z.url().default('https://api.trongrid.io'),
  TRON_API_KEY: z.string().min(1).optional(),
  USDT_ERC20_CONTRACT: z.string().default('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
  USDT_TRC20_CONTRACT: z.string().default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  demoData: boolean;
  devLogin: boolean;
  telegram: { botToken: string; botUsername: string | null } | null;
  jwtSecret: string;
  /** AES-256-GCM key for two-factor secrets at rest (32 bytes). */
  totpEncryptionKey: Buffer;
  /** CHAIN_MODE=devnet: Bitcoin runs in regtest, so withdrawal addresses are regtest ones. */
  devnetAddresses: boolean;
  priceApiUrl: string;
  /** Fee rate in parts per million (0.001 -> 1000). */
  feePpm: bigint;
  rateLimit: boolean;
  logLevel: string;
  webDist: string | null;
  chain: ChainConfig;
};

export class ConfigError extends Error {}

/** Reads and validates the environment. Throws ConfigError with one line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && (e.DEMO_DATA || e.AUTH_DEV_LOGIN)) {
    throw new ConfigError(
      'Invalid configuration:\n  DEMO_DATA and AUTH_DEV_LOGIN must be off when NODE_ENV=production',
    );
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
    redisUrl: e.REDIS_URL,
    demoData: e.DEMO_DATA,
    devLogin: e.AUTH_DEV_LOGIN,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? { botToken: e.TELEGRAM_BOT_TOKEN, botUsername: e.TELEGRAM_BOT_USERNAME ?? null }
      : null,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY
      ? decodeKey(e.TOTP_ENCRYPTION_KEY)
      : decodeKey(loadOrCreateSecret(dataDir, 'totp-key', () => randomBytes(32).toString('base64url'))),
    devnetAddresses: chain.config.mode === 'devnet',
    priceApiUrl: e.PRICE_API_URL,
    feePpm: feeRateToPpm(e.PLATFORM_FEE_RATE),
    rateLimit: e.RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? null,
    chain: chain.config,
  };
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
