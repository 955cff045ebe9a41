import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { createServices, type Services } from './composition.ts';
import type { TrustProxy } from './config.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { OutboxRelay } from './events/outbox-relay.ts';
import { documentUpload } from './lib/multipart.ts';
import { loggerOptions, OneLinePerRequest } from './lib/request-log.ts';
import { responseSerializer } from './lib/response-serializer.ts';
import { adminRoutes } from './modules/admin/index.ts';
import { apiKeysRoutes, endAllRoutes } from './modules/api-keys/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { devChainRoutes } from './modules/chains/index.ts';
import { chatRoutes } from './modules/chat/index.ts';
import { configRoutes } from './modules/config/index.ts';
import { depositsRoutes, registerPoolMetric } from './modules/deposits/index.ts';
import { limitsRoutes, securityHoldRoutes } from './modules/limits/index.ts';
import { MarketPricesService, marketRoutes } from './modules/market/index.ts';
import {
  NotificationFeed,
  type NotificationsService,
  notificationsRoutes,
  startAutoReply,
} from './modules/notifications/index.ts';
import { ordersRoutes } from './modules/orders/index.ts';
import { paymentTemplatesRoutes } from './modules/payment-templates/index.ts';
import { reservesRoutes } from './modules/reserves/index.ts';
import { securityRoutes } from './modules/security/index.ts';
import { settingsRoutes } from './modules/settings/index.ts';
import { swapsRoutes } from './modules/swaps/index.ts';
import { TelegramBot, telegramRoutes } from './modules/telegram/index.ts';
import { tradesRoutes } from './modules/trades/index.ts';
import { twoFactorRoutes } from './modules/two-factor/index.ts';
import { avatarsRoutes, uploadsRoutes } from './modules/uploads/index.ts';
import { usersRoutes } from './modules/users/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { WebhookOutbox, webhooksRoutes } from './modules/webhooks/index.ts';
import { withdrawalsRoutes } from './modules/withdrawals/index.ts';
import { documentSignedRequests, SIGNED_REQUEST_SCHEMES } from './plugins/api-key-auth.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './plugins/errors.ts';
import { healthRoutes } from './plugins/health.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';

export interface BuildOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | object;
  redis?: Redis | null;
  /** Replaces the market price service (tests point it at a stub feed). */
  prices?: MarketPricesService;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The notification inbox and the feed that fills it (tests wait on `feed.idle()`). */
    notifications: {
      inbox: NotificationsService;
      feed: NotificationFeed;
      autoReply: ReturnType<typeof startAutoReply>;
      bot: TelegramBot | null;
    };
    /** The webhook outbox fed by post-commit events (tests wait on `outbox.idle()`). */
    webhooks: { outbox: WebhookOutbox };
    /** Delivers the event outbox to its durable consumers (docs/decisions/041). */
    eventOutbox: OutboxRelay;
    /** Every service of this instance, built once by the composition root (composition.ts). */
    services: Services;
  }
}

/** A hop count trusts that many proxies nearest to us (what proxy-addr does with a number). */
function fastifyTrustProxy(setting: TrustProxy) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/**
 * Whose budget a request spends: a staff member or user whose session the route's
 * authentication found live, else the client address (anonymous callers, public routes, and
 * trade actions, whose session is checked later in the handler's own statement).
 */
function rateLimitKey(request: FastifyRequest): string {
  if (request.staffId) return `staff:${request.staffId}`;
  if (request.userId && !request.pendingSessionId) return `user:${request.userId}`;
  return `ip:${request.ip}`;
}

/**
 * Static files and the SPA's page are not the API: a cold load fetches dozens of them, so they
 * never spend the address's API budget (docs/decisions/034). Only GET/HEAD outside /api and
 * /socket.io are exempt.
 */
function isStaticRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  return !(path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io'));
}

/** Builds the HTTP app. Plugin order: external plugins, app plugins, routes. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = createServer(ctx, options);
  await registerExternalPlugins(app, ctx, options);
  await registerAppPlugins(app, ctx);
  // One price service per instance: the market screen and wallet values share its cache.
  const prices = options.prices ?? MarketPricesService.fromConfig(ctx.config, ctx.clock, app.log);
  ctx.prices = prices;
  const services = createServices(ctx, app.log);
  app.decorate('services', services);
  const { bot } = startNotifications(app, ctx, services);
  // Floating orders follow every feed update (docs/decisions/027).
  const stopRepricing = prices.onUpdate((current) => services.orders.reprice(current));
  app.addHook('onClose', async () => {
    stopRepricing();
  });
  await app.register(apiRoutes, { ctx, services, bot, prefix: '/api/v1' });
  return app;
}

type App = Awaited<ReturnType<typeof createServer>>;

function createServer(ctx: AppContext, options: BuildOptions) {
  const app = Fastify({
    // Request logs carry no query values (lib/request-log.ts).
    logger: loggerOptions(options.logger, ctx.config.logLevel),
    logController: new OneLinePerRequest(),
    bodyLimit: 256 * 1024,
    // Off unless TRUST_PROXY names the proxies: otherwise any client picks its own address.
    trustProxy: fastifyTrustProxy(ctx.config.trustProxy),
    return503OnClosing: true,
    ajv: undefined,
    // Errors raised before routing (bad URL encoding, over-long path parameter, unreadable
    // HTTP) get the envelope too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  registerErrorHandling(app);
  return app;
}

async function registerExternalPlugins(app: App, ctx: AppContext, options: BuildOptions) {
  // External plugins.
  // Helmet's headers, computed once, and HSTS with upgrade-insecure-requests over HTTPS.
  await app.register(securityHeadersPlugin, { publicUrl: ctx.config.publicUrl });
  // Uploads: one file of at most 5 MB per request (receipts; routes may set tighter limits).
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 11 } });
  await app.register(authPlugin, { ctx });
  // RATE_LIMIT=0 (load tests, benchmarks) leaves the plugin out, route limits included.
  if (ctx.config.rateLimit)
    await app.register(rateLimit, {
      global: true,
      max: 300,
      timeWindow: '1 minute',
      hook: 'preHandler',
      // A Redis outage must not take the API down with it: limits fail open then.
      ...(options.redis ? { redis: options.redis, nameSpace: 'p2p-rl:', skipOnError: true } : {}),
      // Runs after the routes' authentication (onRequest): a live session's subject, else the
      // address. A token alone (signed, perhaps revoked) never picks whose budget is spent.
      keyGenerator: rateLimitKey,
      allowList: isStaticRequest,
      // Thrown by the plugin, so it reaches the one error handler and becomes the envelope.
      errorResponseBuilder: (_request, context) =>
        new AppError('RATE_LIMITED', 'errors.rateLimitedSeconds', { seconds: Math.ceil(context.ttl / 1000) }),
    });
  await app.register(swagger, {
    openapi: {
      info: { title: 'P2P Market API', version: '1.0.0', description: 'Crypto P2P marketplace with escrow' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ...SIGNED_REQUEST_SCHEMES,
        },
      },
    },
    transform: (input) =>
      documentSignedRequests(documentUpload(jsonSchemaTransform(input), input.route), input.route.method),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

async function registerAppPlugins(app: App, ctx: AppContext) {
  // App plugins.
  await app.register(inputGuardPlugin);
  await app.register(metricsPlugin, { access: ctx.config.metrics });
  registerPoolMetric(app.metricsRegistry, ctx);
  await app.register(healthRoutes, { ctx });
  await app.register(webPlugin, { dist: ctx.config.webDist });
}

function startNotifications(app: App, ctx: AppContext, services: Services) {
  // Notifications: the inbox, fed by post-commit events (and the Telegram bot, when set up).
  // The outbox's relay hands events to the consumers that make their durable effects.
  const relay = new OutboxRelay(ctx.db, ctx.notifier, ctx.clock, {
    log: app.log,
    gatherMs: ctx.config.outboxGatherMs,
  });
  app.decorate('eventOutbox', relay);
  const { inbox } = services;
  const feed = new NotificationFeed(ctx, inbox, () => ctx.presence, relay);
  const autoReply = startAutoReply(ctx, relay, app.log);
  // The bot exists only with a bot token; it sends nothing until a user connects a chat.
  const bot = ctx.config.telegram ? new TelegramBot(ctx, app.log, services.bot) : null;
  if (bot) inbox.addSink((row, settings, reach) => bot.deliver(row, settings, reach));
  app.decorate('notifications', { inbox, feed, autoReply, bot });
  // Webhooks: post-commit events written to the outbox (sent by main.ts's delivery worker).
  const outbox = new WebhookOutbox(ctx, relay);
  app.decorate('webhooks', { outbox });
  app.addHook('onClose', async () => {
    // The relay hears no more events, delivers those it has to the consumers, and only then
    // are they removed: a batch delivered to none would be marked done with no effect made (a
    // request answered just before a shutdown lost its notice and its bot message).
    relay.close();
    await relay.idle();
    feed.close();
    autoReply.close();
    outbox.close();
  });
  return { inbox, bot };
}

/** Every /api/v1 route, in registration order. */
async function apiRoutes(
  api: App,
  { ctx, services: s, bot }: { ctx: AppContext; services: Services; bot: TelegramBot | null },
) {
  await api.register(authRoutes, { ctx, auth: s.auth, users: s.users, twoFactor: s.twoFactor });
  await api.register(settingsRoutes, { settings: s.settings });
  await api.register(avatarsRoutes, { avatars: s.avatars });
  await api.register(usersRoutes, { ctx, users: s.users });
  await api.register(limitsRoutes, { limits: s.limits });
  await api.register(securityHoldRoutes, { ctx });
  await api.register(endAllRoutes, { ctx });
  await api.register(securityRoutes, { ctx });
  await api.register(notificationsRoutes, { inbox: s.inbox });
  await api.register(telegramRoutes, { ctx, bot });
  await api.register(twoFactorRoutes, { ctx, twoFactor: s.twoFactor });
  await api.register(apiKeysRoutes, { keys: s.apiKeys });
  await api.register(webhooksRoutes, { hooks: s.webhooks });
  await api.register(walletRoutes, { ctx, wallet: s.wallet });
  await api.register(depositsRoutes, { addresses: s.depositAddresses, deposits: s.deposits });
  // Devnet controls exist only on a devnet: in any other mode the paths answer 404.
  if (ctx.config.chain.mode === 'devnet') await api.register(devChainRoutes, { ctx });
  await api.register(withdrawalsRoutes, { ctx, withdrawals: s.withdrawals, saved: s.savedAddresses });
  await api.register(ordersRoutes, { ctx, orders: s.orders });
  await api.register(swapsRoutes, { swaps: s.swaps });
  await api.register(tradesRoutes, { ctx, trades: s.trades, templates: s.paymentTemplates });
  await api.register(chatRoutes, { ctx, chat: s.chat });
  await api.register(paymentTemplatesRoutes, { templates: s.paymentTemplates });
  await api.register(uploadsRoutes, { uploads: s.uploads });
  await api.register(marketRoutes, { ctx, prices: ctx.prices });
  await api.register(configRoutes, { ctx });
  await api.register(reservesRoutes, { reserves: s.reserves });
  await api.register(adminRoutes, { ctx, services: s.admin, prefix: '/admin' });
}
