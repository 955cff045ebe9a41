import { NotMeRequest, NotMeResult, Ok } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { reportNotMe } from './not-me.service.ts';

/** «Это не я» from the web's inbox (docs/decisions/033, "Security events"). */
export const securityRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/security/not-me',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        summary:
          'This security event was not me: end every session (this one too), revoke every API key and webhook, ' +
          'hold money-out until staff clear it and open a case for the back office (a second press opens none)',
        body: NotMeRequest,
        response: { 200: Ok(NotMeResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reportNotMe(ctx, request.userId, request.body.notificationId),
    }),
  );
};
