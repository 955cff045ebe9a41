import {
  AdminTradeLimits,
  FrequentPairList,
  FrequentPairsQuery,
  IdParams,
  LiftLimitsRequest,
  Ok,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** A user's trade limits and the lift of their suspensions (docs/decisions/023, "Limits"). */
export const adminLimitsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { access, services },
) => {
  const limits = services.limits;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/users/:id/limits',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary: "A user's trade limits now, their suspensions and the lifts so far",
        params: IdParams,
        response: { 200: Ok(AdminTradeLimits) },
      },
    },
    async (request) => ({ success: true as const, data: await limits.view(request.params.id) }),
  );

  app.get(
    '/limits/frequent-pairs',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary:
          'Pairs of accounts that trade often with each other: their completed trades by month, busiest first; ' +
          'at most one a month counts towards either limit (docs/decisions/035)',
        querystring: FrequentPairsQuery,
        response: { 200: Ok(FrequentPairList) },
      },
    },
    async (request) => ({ success: true as const, data: await limits.frequentPairs(request.query) }),
  );

  app.post(
    '/users/:id/limits/lift',
    {
      onRequest: access.allow('users.limits'),
      schema: {
        tags,
        security,
        summary:
          "Lift a user's trade suspensions with a reason; forgives the cancellations and lost disputes counted so far (admins only; audited)",
        params: IdParams,
        body: LiftLimitsRequest,
        response: { 200: Ok(AdminTradeLimits) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await limits.lift(actorOf(request), request.params.id, request.body.reason),
    }),
  );
};
