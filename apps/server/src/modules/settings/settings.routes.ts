import { Ok, UpdateSettingsRequest, UserSettings } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './settings.service.ts';

export const settingsRoutes: FastifyPluginAsyncZod<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.get(
    '/users/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My settings (notifications, privacy, trading)',
        response: { 200: Ok(UserSettings) },
      },
    },
    async (request) => ({ success: true as const, data: await settings.get(request.userId) }),
  );

  app.put(
    '/users/settings',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Change any of my settings; they take effect at once',
        body: UpdateSettingsRequest,
        response: { 200: Ok(UserSettings) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await settings.update(request.userId, request.body),
    }),
  );
};
