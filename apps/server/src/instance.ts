import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge } from 'prom-client';
import { buildApp } from './app.ts';
import type { AppContext } from './context.ts';
import { vacuumUnlessAutovacuum } from './db/maintenance.ts';
import { systemClock } from './lib/clock.ts';
import { PollingLoop } from './lib/polling-loop.ts';
import { logDestination } from './lib/request-log.ts';
import { seedDemoData } from './modules/demo/index.ts';
import { ChainWatchLoop, fillDevnetPools, pollIntervalMs } from './modules/deposits/index.ts';
import { attachRealtime } from './modules/realtime/index.ts';
import { Scheduler } from './modules/scheduler/index.ts';
import { WebhookDispatcher } from './modules/webhooks/index.ts';

/**
 * How often an instance looks for tables due a vacuum (when autovacuum does not run). Each vacuum
 * of a table makes every connection plan its statements on that table anew (the table's row
 * count changed), and the opening's admission takes 3 ms to plan: every 10 s, that was a tenth
 * of PostgreSQL's time per action (docs/decisions/056). Autovacuum itself looks once a minute.
 */
const VACUUM_EVERY_MS = 30_000;

/**
 * One instance as `npm start` runs it, on an open and migrated database: the app, its sockets,
 * what runs once before serving, and the loops every instance runs. main.ts listens with it;
 * the bench's app process (scripts/bench-app.ts) runs the same, so what it measures is this
 * shape (request logs, sockets, Redis, outbox and webhook dispatchers, the scheduler).
 * Answers the app (not yet listening) and the steps that stop the instance, in order.
 */
export async function startInstance(
  ctx: AppContext,
  opts: {
    /** Called once the app's logger exists (pool errors go to it from then on). */
    onLogger?: (log: FastifyBaseLogger) => void;
  } = {},
): Promise<{ app: App; stop: (() => Promise<unknown>)[] }> {
  // With REDIS_URL, rate limits are counted across instances too; ioredis is loaded only then.
  const redis = ctx.config.redisUrl
    ? new (await import('ioredis')).Redis(ctx.config.redisUrl, { maxRetriesPerRequest: 1 })
    : null;
  const app = await buildApp(ctx, { redis, logger: { stream: logDestination() } });
  opts.onLogger?.(app.log);
  const realtime = await attachRealtime(app.server, ctx, { redisUrl: ctx.config.redisUrl, log: app.log });
  const bot = await startUp(app, ctx);
  const loops = startLoops(app, ctx);
  return {
    app,
    stop: [
      async () => {
        if (bot?.bot.isRunning()) await bot.bot.stop();
      },
      ...loops,
      () => realtime.close(),
      () => app.close(),
      async () => redis?.disconnect(),
    ],
  };
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
  // Where autovacuum does not run, the instance vacuums what trading leaves dead (docs/decisions/055).
  const vacuum = new PollingLoop(
    async () => {
      const vacuumed = await vacuumUnlessAutovacuum(ctx.database);
      if (vacuumed.length) app.log.debug({ vacuumed }, 'vacuumed');
    },
    (error) => app.log.error({ err: error }, 'vacuum pass failed'),
  );
  vacuum.start(VACUUM_EVERY_MS);
  const chains = new ChainWatchLoop(ctx, services.deposits, app.log);
  chains.start(pollIntervalMs(ctx));
  watchFailuresMetric(app, chains);
  app.log.info({ chainMode: ctx.config.chain.mode, networks: ctx.config.chain.networks }, 'chain watchers');
  return [
    () => scheduler.stop(),
    async () => clearInterval(pricePoll),
    () => webhooks.stop(),
    () => outbox.stop(),
    () => vacuum.stop(),
    () => chains.stop(),
  ];
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
