import { ApiKeyList, CreateApiKeyRequest, CreatedApiKey, IdParams, Ok } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ApiKeysService } from './api-keys.service.ts';

/**
 * API keys of the merchant API, under /api/v1/api-keys (docs/api.md). Managed from a signed-in
 * session only: a request signed with a key is refused here (key-policy.ts).
 */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (app, { keys }) => {
  const tags = ['merchant-api'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.requireUser };
  // Second-factor guessing is limited per user in the database; this only blunts floods.
  const config = { rateLimit: { max: 20, timeWindow: '1 minute' } };

  app.post(
    '/api-keys',
    {
      onRequest: [app.requireUser, app.requireReauth],
      config,
      schema: {
        tags,
        security,
        summary:
          'Create an API key; answers its secret this once. With two-factor on, `totpCode` is required (403 TWO_FACTOR_REQUIRED)',
        body: CreateApiKeyRequest,
        response: { 200: Ok(CreatedApiKey) },
      },
    },
    async (request) => ({ success: true as const, data: await keys.create(request.userId, request.body) }),
  );

  app.get(
    '/api-keys',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'My live API keys (never their secrets)',
        response: { 200: Ok(ApiKeyList) },
      },
    },
    async (request) => ({ success: true as const, data: await keys.list(request.userId) }),
  );

  app.delete(
    '/api-keys/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Revoke one of my API keys (another user’s id: 404)',
        params: IdParams,
        response: { 200: Ok(z.object({ id: z.uuid() })) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await keys.revoke(request.userId, request.params.id),
    }),
  );
};
