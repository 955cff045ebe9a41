import { AVATAR_MAX_BYTES, AvatarInfo, AvatarUploadResult, Ok, text } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type FilePartRules, readSingleFile } from '../../lib/multipart.ts';
import type { AvatarsService } from './avatars.service.ts';

const avatarPart = {
  field: 'avatar',
  maxBytes: AVATAR_MAX_BYTES,
  messages: {
    notMultipart: 'errors.avatarMultipart',
    missing: 'errors.avatarPick',
    wrongField: 'errors.avatarField',
    tooLarge: 'avatarUi.tooBig',
  },
} satisfies FilePartRules;

export const avatarsRoutes: FastifyPluginAsyncZod<{ avatars: AvatarsService }> = async (app, { avatars }) => {
  const tags = ['users'];
  const security = [{ bearer: [] }];

  app.post(
    '/users/avatar',
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' }, uploadField: 'avatar' },
      schema: {
        tags,
        security,
        summary: 'Upload my avatar (multipart field "avatar", JPEG/PNG/WebP up to 2 MB)',
        description:
          'Recognised by its bytes, re-encoded to WebP (at most 512 px) without metadata and ' +
          'published under a new name on every upload.',
        consumes: ['multipart/form-data'],
        response: { 200: Ok(AvatarUploadResult) },
      },
    },
    async (request) => {
      const { bytes, filename } = await readSingleFile(request, avatarPart);
      return {
        success: true as const,
        data: await avatars.upload(request.userId, { bytes, originalName: filename }),
      };
    },
  );

  app.delete(
    '/users/avatar',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'Remove my avatar', response: { 200: Ok(AvatarInfo) } },
    },
    async (request) => ({ success: true as const, data: await avatars.remove(request.userId) }),
  );

  app.get(
    '/users/avatar/info',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'My avatar', response: { 200: Ok(AvatarInfo) } },
    },
    async (request) => ({ success: true as const, data: await avatars.info(request.userId) }),
  );

  app.get(
    '/avatars/:file',
    {
      schema: {
        tags,
        summary: 'An avatar image (image/webp), public; its name changes on every upload',
        params: z.object({ file: text({ max: 64 }) }),
      },
    },
    async (request, reply) => {
      const bytes = await avatars.read(request.params.file);
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
};
