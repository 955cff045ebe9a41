import { EndSessionsResult, Ok } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { revokeAllCredentials } from './api-keys.repository.ts';

/**
 * «Завершить все сеансы» (docs/decisions/033): every session of the account ends, this one
 * included (their sockets close), and with them every API key and webhook: a thief's key or
 * wiretap outlives no session. Registered here, the module that owns those credentials.
 */
export const endAllRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/auth/sessions/end-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary:
          'End every session of my account, this one included (their sockets close too), and revoke every API key and webhook',
        security: [{ bearer: [] }],
        response: { 200: Ok(EndSessionsResult) },
      },
    },
    async (request) => {
      await revokeAllCredentials(ctx.db, request.userId, ctx.clock.now());
      return {
        success: true as const,
        data: { ended: await ctx.sessions.revokeAll('user', request.userId, 'user_ended_all') },
      };
    },
  );
};
