import {
  AttachPaymentTemplateRequest,
  CreateTradeRequest,
  IdParams,
  MessageResult,
  Ok,
  OrderTradesQuery,
  ReviewRequest,
  SoftDeleteRequest,
  TradeActionRequest,
  TradeDetails,
  TradeHistoryList,
  TradeHistoryQuery,
  TradeList,
  TradeListQuery,
  TradeStats,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { PaymentTemplatesService } from '../payment-templates/index.ts';
import { tradeHistory, tradeHistoryCsv } from './trade-history.ts';
import type { TradesService } from './trades.service.ts';

/** Trade creation is rate limited per user on top of the global limit. */
const createLimit = { rateLimit: { max: 30, timeWindow: '1 minute' }, errorAliases: true };

/** What the handlers of `tradesRoutes` share. */
function tradesRoutesDeps(
  app: RouteApp,
  { ctx, trades, templates }: { ctx: AppContext; trades: TradesService; templates: PaymentTemplatesService },
) {
  const tags = ['trades'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.requireUser };
  return { ctx, trades, templates, tags, security, auth };
}

/** POST /trades, GET /trades, GET /trades/history */
function openAndListRoutes(app: RouteApp, { ctx, trades, tags, security, auth }: TradesRoutesDeps) {
  app.post(
    '/trades',
    {
      ...auth,
      config: createLimit,
      schema: {
        tags,
        security,
        summary: 'Open a trade on an order (escrow locked atomically); honours Idempotency-Key',
        body: CreateTradeRequest,
        response: { 200: Ok(TradeDetails).extend({ tradeId: z.uuid() }) },
      },
    },
    async (request) => {
      const opened = await trades.openAndView(
        request.userId,
        request.body,
        idempotencyKeyOf(request.headers),
      );
      return { success: true as const, ...opened };
    },
  );

  app.get(
    '/trades',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My trades',
        querystring: TradeListQuery,
        response: { 200: Ok(TradeList) },
      },
    },
    async (request) => ({ success: true as const, data: await trades.list(request.userId, request.query) }),
  );

  app.get(
    '/trades/history',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My trade history: filters, search by trade id or counterparty, paging, figures',
        querystring: TradeHistoryQuery,
        response: { 200: Ok(TradeHistoryList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await tradeHistory(ctx.db, request.userId, request.query, ctx.clock.now()),
    }),
  );
}

/** GET /trades/history.csv, GET /trades/stats, GET /trades/user/:id */
function historyCsvAndStatsRoutes(app: RouteApp, { ctx, trades, tags, security, auth }: TradesRoutesDeps) {
  app.get(
    '/trades/history.csv',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My trade history as a CSV download (RFC 4180, same filters, no paging)',
        produces: ['text/csv'],
        querystring: TradeHistoryQuery.omit({ limit: true, offset: true }),
        response: { 200: z.string().describe('text/csv; charset=utf-8') },
      },
    },
    async (request, reply) => {
      const csv = await tradeHistoryCsv(ctx.db, request.userId, request.query, ctx.clock.now());
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="trades-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/trades/stats',
    {
      ...auth,
      schema: { tags, security, summary: 'My trading statistics', response: { 200: Ok(TradeStats) } },
    },
    async (request) => ({ success: true as const, data: await trades.stats(request.userId) }),
  );

  app.get(
    '/trades/user/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Trades of a user (own id only)',
        params: IdParams,
        querystring: TradeListQuery,
        response: { 200: Ok(TradeList) },
      },
    },
    async (request) => {
      if (request.params.id !== request.userId) throw new AppError('FORBIDDEN', 'errors.ownTradesOnly');
      return { success: true as const, data: await trades.list(request.userId, request.query) };
    },
  );
}

/** GET /trades/:id, POST /trades/:id/actions, PATCH /trades/:id/soft-delete */
function oneTradeRoutes(app: RouteApp, { trades, tags, security, auth }: TradesRoutesDeps) {
  app.get(
    '/trades/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'A trade with its escrow and my available actions',
        params: IdParams,
        response: { 200: Ok(TradeDetails) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trades.details(request.userId, request.params.id),
    }),
  );

  app.post(
    '/trades/:id/actions',
    {
      // The session is checked by the statement that locks the trade (TradesService.act).
      onRequest: app.requireUserToken,
      schema: {
        tags,
        security,
        summary: 'Apply an action of the trade state machine',
        params: IdParams,
        body: TradeActionRequest,
        response: { 200: Ok(TradeDetails) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trades.act(
        // A signed request (merchant API key) has no session: like the bot, it gives a code
        // each time and is read for a block in the action's transaction (docs/decisions/025).
        request.apiKey ? request.userId : { userId: request.userId, sessionId: request.pendingSessionId },
        request.params.id,
        request.body.action,
        request.body.payload,
      ),
    }),
  );

  app.patch(
    '/trades/:id/soft-delete',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Hide a finished trade from my lists',
        params: IdParams,
        body: SoftDeleteRequest,
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trades.softDelete(request.userId, request.params.id, request.body?.reason ?? null),
    }),
  );
}

/** POST /trades/:id/review, GET /orders/:id/trades, PUT /trades/:id/payment-template */
function reviewOrderTradesAndDetailsRoutes(
  app: RouteApp,
  { trades, templates, tags, security, auth }: TradesRoutesDeps,
) {
  app.post(
    '/trades/:id/review',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Review the counterparty of a completed trade',
        params: IdParams,
        body: ReviewRequest,
        response: { 200: Ok(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trades.review(request.userId, request.params.id, request.body.rating, request.body.comment),
    }),
  );

  app.get(
    '/orders/:id/trades',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        summary: 'Trades on my order',
        params: IdParams,
        querystring: OrderTradesQuery,
        response: { 200: Ok(TradeList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await trades.listForOrder(request.userId, request.params.id, request.query),
    }),
  );

  app.put(
    '/trades/:id/payment-template',
    {
      ...auth,
      schema: {
        tags: ['trades'],
        security,
        summary: 'Seller sends payment details (a snapshot of one of their active templates)',
        params: IdParams,
        body: AttachPaymentTemplateRequest,
        response: { 200: Ok(TradeDetails) },
      },
    },
    async (request) => {
      await templates.attachToTrade(request.userId, request.params.id, request.body.templateId);
      return { success: true as const, data: await trades.details(request.userId, request.params.id) };
    },
  );
}

type TradesRoutesDeps = ReturnType<typeof tradesRoutesDeps>;

export const tradesRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  trades: TradesService;
  templates: PaymentTemplatesService;
}> = async (app, { ctx, trades, templates }) => {
  const deps = tradesRoutesDeps(app, { ctx, trades, templates });
  openAndListRoutes(app, deps);
  historyCsvAndStatsRoutes(app, deps);
  oneTradeRoutes(app, deps);
  reviewOrderTradesAndDetailsRoutes(app, deps);
};
