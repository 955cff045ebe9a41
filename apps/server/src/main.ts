import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { type AppContext, createContext } from './context.ts';
import { type DatabaseLog, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { systemClock } from './lib/clock.ts';
import { PollingLoop } from './lib/polling-loop.ts';
import { seedDemoData } from './modules/demo/index.ts';
import { ChainWatchLoop, fillDevnetPools, pollIntervalMs } from './modules/deposits/index.ts';
import { attachRealtime } from './modules/realtime/index.ts';
import { Scheduler } from './modules/scheduler/index.ts';
import { WebhookDispatcher } from './modules/webhooks/index.ts';

const started = performance.now();

/** The configuration, or exit 1 with what is wrong in it. */
function configOrExit(): Config {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDist ??= resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  return config;
}

async function main() {
  const config = configOrExit();

  // Pool errors go to the app's logger once it exists, to stderr before that.
  let log: DatabaseLog = { error: (obj, msg) => console.error(msg, obj) };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
    log: { error: (obj, msg) => log.error(obj, msg) },
  });
  const applied = await migrate(database);
  const ctx = createContext(config, database, systemClock);
  // With REDIS_URL, rate limits are counted across instances too.
  // ioredis is loaded only when it is used.
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, { maxRetriesPerRequest: 1 })
    : null;
  const app = await buildApp(ctx, { redis });
  log = app.log;
  const realtime = await attachRealtime(app.server, ctx, { redisUrl: config.redisUrl, log: app.log });
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  const bot = await startUp(app, ctx);
  const loops = startLoops(app, ctx);

  const shutdown = shutdownOnce(app, [
    async () => {
      if (bot?.bot.isRunning()) await bot.bot.stop();
    },
    ...loops,
    () => realtime.close(),
    () => app.close(),
    () => database.close(),
    async () => redis?.disconnect(),
  ]);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { engine: database.engine, startupMs: Math.round(performance.now() - started) },
    `P2P Market on http://${config.host}:${config.port}`,
  );
}

type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * What runs once before serving: demo data, the devnet's address pools, the Telegram bot (long
 * polling when configured so; a failing Telegram is only logged) and, with demo data, a proof
 * of reserves snapshot (docs/decisions/039), so the wallet's «Проверить резервы» and /reserves
 * have one at once. Answers the bot, for the shutdown.
 */
async function startUp(app: App, ctx: AppContext) {
  const { config } = ctx;
  const { services } = app;
  if (config.demoData && (await seedDemoData(ctx, services))) app.log.info('demo data seeded');
  if (config.chain.mode === 'devnet') {
    const pooled = await fillDevnetPools(ctx.db, config.chain.poolChains, systemClock.now());
    if (pooled) app.log.info({ pooled }, 'devnet address pools filled');
  }
  const bot = app.notifications.bot;
  // The chats' menu button opens the Mini App; a failing Telegram (or none, offline) is logged.
  bot
    ?.setMenuButton()
    .catch((error: unknown) => app.log.error({ err: error }, 'telegram menu button failed'));
  if (bot && config.telegram?.updates === 'polling') {
    bot.bot
      .start({ drop_pending_updates: false })
      .catch((error: unknown) => app.log.error({ err: error }, 'telegram polling stopped'));
  }
  if (config.demoData) {
    await services.reserves
      .takeSnapshot('start')
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'proof of reserves: the start snapshot failed'),
      );
  }
  return bot;
}

/** The loops every instance runs; answers how to stop each, in order. */
function startLoops(app: App, ctx: AppContext) {
  const { services } = app;
  const scheduler = new Scheduler(ctx, services, {
    log: app.log,
    registry: app.metricsRegistry,
    reserves: services.reserves,
  });
  scheduler.start(2_000, (error) => app.log.error({ err: error }, 'scheduler tick failed'));
  // The price feed is asked again every PRICE_REFRESH_SECONDS even when nobody looks at the
  // market, so floating orders follow it (docs/decisions/027); poll() itself keeps the pace.
  const pricePoll = setInterval(() => void ctx.prices.poll(), 2_000);
  // Webhook deliveries: every instance sends the outbox, rows claimed with SKIP LOCKED.
  const webhooks = new WebhookDispatcher(ctx, app.log);
  webhooks.start(2_000);
  // The event outbox (docs/decisions/041): every instance delivers again, every second, the
  // events their own instance did not finish (it died after the commit), claimed with SKIP LOCKED.
  const outbox = new PollingLoop(
    () => app.eventOutbox.redeliver(),
    (error) => app.log.error({ err: error }, 'outbox dispatcher pass failed'),
  );
  outbox.start(1_000);
  const chains = new ChainWatchLoop(ctx, services.deposits, app.log);
  chains.start(pollIntervalMs(ctx));
  watchFailuresMetric(app, chains);
  app.log.info({ chainMode: ctx.config.chain.mode, networks: ctx.config.chain.networks }, 'chain watchers');
  return [
    () => scheduler.stop(),
    async () => clearInterval(pricePoll),
    () => webhooks.stop(),
    () => outbox.stop(),
    () => chains.stop(),
  ];
}

/**
 * Stops the parts in order, once however many signals arrive; exit 0 when all stopped, 1 on a
 * failure or after 10 s.
 */
function shutdownOnce(app: FastifyInstance, steps: (() => Promise<unknown>)[]) {
  let closing = false;
  return async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      for (const step of steps) await step();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
}

/** `chain_watch_failures_total{network}`: failed watcher ticks and items since start. */
function watchFailuresMetric(app: FastifyInstance, chains: ChainWatchLoop) {
  new Gauge({
    name: 'chain_watch_failures_total',
    help: 'Chain watcher failures (unreachable API, bad transfer) per network since start',
    labelNames: ['network'] as const,
    registers: [app.metricsRegistry],
    collect() {
      for (const [network, n] of chains.failures) this.set({ network }, n);
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
