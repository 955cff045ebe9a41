import { CreatedWebhook, CreateWebhookRequest, IdParams, Ok, WebhookList } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhooksService } from './webhooks.service.ts';

/**
 * Webhooks of the merchant API, under /api/v1/webhooks (docs/api.md). Managed from a
 * signed-in session only: a request signed with a key is refused here.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ hooks: WebhooksService }> = async (app, { hooks }) => {
  const tags = ['merchant-api'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.requireUser };

  app.post(
    '/webhooks',
    {
      onRequest: [app.requireUser, app.requireReauth],
      schema: {
        tags,
        security,
        summary:
          'Add a webhook (HTTPS; http only to localhost outside production); answers its signing secret this once',
        body: CreateWebhookRequest,
        response: { 200: Ok(CreatedWebhook) },
      },
    },
    async (request) => ({ success: true as const, data: await hooks.create(request.userId, request.body) }),
  );

  app.get(
    '/webhooks',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My webhooks with their recent deliveries (status, attempts, next retry)',
        response: { 200: Ok(WebhookList) },
      },
    },
    async (request) => ({ success: true as const, data: await hooks.list(request.userId) }),
  );

  app.delete(
    '/webhooks/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Delete one of my webhooks and its pending deliveries (another user’s id: 404)',
        params: IdParams,
        response: { 200: Ok(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await hooks.remove(request.userId, request.params.id),
    }),
  );
};
