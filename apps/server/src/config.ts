import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { feeRateToPpm } from '@p2p/shared';
import { z } from 'zod';

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
  PRICE_API_URL: z.url().default('https://api.coingecko.com/api/v3/simple/price'),
  PLATFORM_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,6})?$/, 'must be a decimal fraction below 1, e.g. 0.001')
    .default('0.001'),
  RATE_LIMIT: flag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
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
  priceApiUrl: string;
  /** Fee rate in parts per million (0.001 -> 1000). */
  feePpm: bigint;
  rateLimit: boolean;
  logLevel: string;
  webDist: string | null;
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
    priceApiUrl: e.PRICE_API_URL,
    feePpm: feeRateToPpm(e.PLATFORM_FEE_RATE),
    rateLimit: e.RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ?? null,
  };
}

/** The signing key is generated once and kept in DATA_DIR so restarts keep sessions. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch {
    // not created yet
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
