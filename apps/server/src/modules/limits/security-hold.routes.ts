import { Ok, SecurityHoldView } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { securityHoldView } from './security-hold.ts';

/** The caller's security hold (docs/decisions/033): the wallet and trade pages' banner. */
export const securityHoldRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me/security-hold',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary:
          'Whether withdrawals, transfers, swaps and selling are held after a security change, and until when',
        response: { 200: Ok(SecurityHoldView) },
      },
    },
    async (request) => ({ success: true as const, data: await securityHoldView(ctx, request.userId) }),
  );
};
