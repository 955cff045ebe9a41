import { Ok, TradeLimitsView } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { LimitsService } from './limits.service.ts';

/** The caller's trade limits (docs/decisions/023-trust-and-safety.md, "Limits"). */
export const limitsRoutes: FastifyPluginAsyncZod<{ limits: LimitsService }> = async (app, { limits }) => {
  app.get(
    '/users/me/limits',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary:
          'My trade limits now: new account or not, open trades as buyer and the most allowed, the largest trade per fiat, suspensions and when they lift',
        response: { 200: Ok(TradeLimitsView) },
      },
    },
    async (request) => ({ success: true as const, data: await limits.view(request.userId) }),
  );
};
