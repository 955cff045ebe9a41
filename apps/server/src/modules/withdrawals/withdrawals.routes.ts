import {
  CreateSavedAddressRequest,
  IdParams,
  MessageResult,
  MyWithdrawalsQuery,
  MyWithdrawalsResult,
  Ok,
  SavedAddressView,
  WithdrawalRequest,
  WithdrawalView,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { SavedAddressesService } from './saved-addresses.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const requestLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** What the handlers of `withdrawalsRoutes` share. */
function withdrawalsRoutesDeps({
  ctx,
  withdrawals,
  saved,
}: {
  ctx: AppContext;
  withdrawals: WithdrawalsService;
  saved: SavedAddressesService;
}) {
  const tags = ['withdrawals'];
  const security = [{ bearer: [] }];
  return { ctx, withdrawals, saved, tags, security };
}

/** POST /withdrawals/request, GET /withdrawals/my-withdrawals, POST /withdrawals/:id/cancel */
function requestRoutes(app: RouteApp, { withdrawals, tags, security }: WithdrawalsRoutesDeps) {
  app.post(
    '/withdrawals/request',
    {
      onRequest: app.requireUser,
      config: requestLimit,
      schema: {
        tags,
        security,
        summary:
          'Request a withdrawal (amount + fee locked until staff decide; to another user: instant). ' +
          'Idempotency-Key honoured; totpCode required once two-factor is on',
        body: WithdrawalRequest,
        response: { 200: Ok(WithdrawalView).extend({ message: z.string() }) },
      },
    },
    async (request) => {
      const data = await withdrawals.request(request.userId, request.body, idempotencyKeyOf(request.headers));
      const message = data.internal ? 'Перевод выполнен' : 'Заявка на вывод создана и будет рассмотрена';
      return { success: true as const, message, data };
    },
  );

  app.get(
    '/withdrawals/my-withdrawals',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My withdrawals, newest first (status in upper case; limit/offset paging)',
        querystring: MyWithdrawalsQuery,
        response: { 200: MyWithdrawalsResult },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await withdrawals.mine(request.userId, request.query)),
    }),
  );

  app.post(
    '/withdrawals/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Cancel my PENDING or APPROVED withdrawal; amount + fee return to available. ' +
          'One being sent (PROCESSING) answers 409',
        params: IdParams,
        response: { 200: Ok(WithdrawalView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await withdrawals.cancel(request.userId, request.params.id),
    }),
  );
}

/** GET /withdrawals/addresses, POST /withdrawals/addresses, DELETE /withdrawals/addresses/:id */
function savedAddressRoutes(app: RouteApp, { saved, tags, security }: WithdrawalsRoutesDeps) {
  app.get(
    '/withdrawals/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My saved withdrawal addresses',
        response: { 200: Ok(z.array(SavedAddressView)) },
      },
    },
    async (request) => ({ success: true as const, data: await saved.list(request.userId) }),
  );

  app.post(
    '/withdrawals/addresses',
    {
      onRequest: [app.requireUser, app.requireReauth],
      schema: {
        tags,
        security,
        summary: 'Save a withdrawal address with a label (checked for its network)',
        body: CreateSavedAddressRequest,
        response: { 200: Ok(SavedAddressView) },
      },
    },
    async (request) => ({ success: true as const, data: await saved.add(request.userId, request.body) }),
  );

  app.delete(
    '/withdrawals/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a saved withdrawal address',
        params: IdParams,
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await saved.remove(request.userId, request.params.id),
    }),
  );
}

type WithdrawalsRoutesDeps = ReturnType<typeof withdrawalsRoutesDeps>;

/** Money out for users (docs/decisions/012): requests, own history, cancel, saved addresses. */
export const withdrawalsRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  withdrawals: WithdrawalsService;
  saved: SavedAddressesService;
}> = async (app, { ctx, withdrawals, saved }) => {
  const deps = withdrawalsRoutesDeps({ ctx, withdrawals, saved });
  requestRoutes(app, deps);
  savedAddressRoutes(app, deps);
};
