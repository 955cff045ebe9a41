import {
  CreatedOrder,
  CreateOrderRequest,
  IdParams,
  MessageResult,
  Ok,
  OrderBookQuery,
  OrderList,
  OrderSettingsRequest,
  OrderStats,
  OrderView,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { OrdersService } from './orders.service.ts';

/** What the handlers of `ordersRoutes` share. */
function ordersRoutesDeps({ ctx, orders }: { ctx: AppContext; orders: OrdersService }) {
  const tags = ['orders'];
  const security = [{ bearer: [] }];
  return { ctx, orders, tags, security };
}

/** POST /orders, GET /orders, GET /orders/my */
function publishAndBookRoutes(app: RouteApp, { orders, tags, security }: OrdersRoutesDeps) {
  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Publish an order (a sell order locks its reserve)',
        body: CreateOrderRequest,
        response: { 200: Ok(CreatedOrder).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const data = await orders.create(request.userId, request.body, idempotencyKeyOf(request.headers));
      return { success: true as const, message: 'Ордер создан', data };
    },
  );

  const BookAnswerSchema = Ok(OrderList);
  app.get(
    '/orders',
    {
      schema: {
        tags,
        summary: 'The public order book',
        querystring: OrderBookQuery,
        response: { 200: BookAnswerSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { body } = await orders.book({
        type: q.type,
        cryptocurrency: q.cryptocurrency,
        fiatCurrency: q.fiat_currency,
        paymentMethod: q.payment_method,
        limit: q.limit,
        offset: q.offset,
        after: q.after,
      });
      // The cached page's body, serialized once against this route's schema: a Buffer is sent
      // as it is (the schema above still documents it; the type provider cannot know that).
      return reply
        .type('application/json; charset=utf-8')
        .send(body as unknown as z.infer<typeof BookAnswerSchema>);
    },
  );

  app.get(
    '/orders/my',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My orders (not deleted)',
        response: { 200: Ok(z.object({ orders: z.array(OrderView) })) },
      },
    },
    async (request) => ({ success: true as const, data: { orders: await orders.mine(request.userId) } }),
  );
}

/** GET /orders/:id, DELETE /orders/:id, PUT /orders/:id/settings, GET /orders/:id/stats */
function oneOrderRoutes(app: RouteApp, { orders, tags, security }: OrdersRoutesDeps) {
  app.get(
    '/orders/:id',
    { schema: { tags, summary: 'One order', params: IdParams, response: { 200: Ok(OrderView) } } },
    async (request) => ({ success: true as const, data: await orders.view(request.params.id) }),
  );

  app.delete(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete my order; the reserve returns',
        params: IdParams,
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.cancel(request.userId, request.params.id),
    }),
  );

  app.put(
    '/orders/:id/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Pause or resume my order',
        params: IdParams,
        body: OrderSettingsRequest,
        response: { 200: Ok(OrderView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.setStatus(request.userId, request.params.id, request.body.status),
    }),
  );

  app.get(
    '/orders/:id/stats',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Statistics of my order',
        params: IdParams,
        response: { 200: Ok(OrderStats) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await orders.stats(request.userId, request.params.id),
    }),
  );
}

type OrdersRoutesDeps = ReturnType<typeof ordersRoutesDeps>;

export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; orders: OrdersService }> = async (
  app,
  { ctx, orders },
) => {
  const deps = ordersRoutesDeps({ ctx, orders });
  publishAndBookRoutes(app, deps);
  oneOrderRoutes(app, deps);
};
