import { Ok, TelegramLinkRequest, TelegramLinkStatus, TelegramLinkToken } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import * as repo from './telegram.repository.ts';
import type { TelegramBot } from './telegram-bot.ts';

/** What the handlers of `telegramRoutes` share. */
function telegramRoutesDeps({ ctx, bot }: { ctx: AppContext; bot: TelegramBot | null }) {
  const tags = ['telegram'];
  const security = [{ bearer: [] }];
  const status = async (userId: string) => {
    const chat = await repo.chatOfUser(ctx.db, userId);
    return {
      botEnabled: bot !== null,
      botUsername: ctx.config.telegram?.botUsername ?? null,
      connected: chat !== null,
      connectedAt: chat?.connectedAt.toISOString() ?? null,
    };
  };
  return { ctx, bot, tags, security, status };
}

/** GET /telegram/link, POST /telegram/link, DELETE /telegram/link */
function linkRoutes(app: RouteApp, { ctx, bot, tags, security, status }: TelegramRoutesDeps) {
  app.get(
    '/telegram/link',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Is the Telegram bot connected to my account',
        response: { 200: Ok(TelegramLinkStatus) },
      },
    },
    async (request) => ({ success: true as const, data: await status(request.userId) }),
  );

  app.post(
    '/telegram/link',
    {
      onRequest: [app.requireUser, app.requireReauth],
      schema: {
        tags,
        security,
        summary:
          'A one-time /start deep link that connects the bot to my account (15 minutes); a fresh two-factor code when it is on',
        // A body-less POST arrives as null: an account without two-factor sends no code.
        body: TelegramLinkRequest.nullish(),
        response: { 200: Ok(TelegramLinkToken) },
      },
    },
    async (request) => {
      if (!bot) throw new AppError('SERVICE_UNAVAILABLE', 'errors.telegramBot');
      const link = await bot.createLink(request.userId, request.body?.code);
      return { success: true as const, data: { ...link, expiresAt: link.expiresAt.toISOString() } };
    },
  );

  app.delete(
    '/telegram/link',
    {
      onRequest: [app.requireUser, app.requireReauth],
      schema: {
        tags,
        security,
        summary: 'Disconnect the bot from my account',
        response: { 200: Ok(TelegramLinkStatus) },
      },
    },
    async (request) => {
      await repo.unlinkChat(ctx.db, request.userId);
      return { success: true as const, data: await status(request.userId) };
    },
  );
}

/** POST /telegram/webhook */
function webhookRoutes(app: RouteApp, { ctx, bot, tags }: TelegramRoutesDeps) {
  app.post(
    '/telegram/webhook',
    {
      // The secret is checked before the body is read or validated: 401 before 400, as every
      // authenticated route answers (docs/decisions/023), so a stranger learns nothing of the
      // shape Telegram's updates must have.
      onRequest: async (request) => {
        if (!bot || ctx.config.telegram?.updates !== 'webhook')
          throw new AppError('NOT_FOUND', 'errors.notFound');
        if (!bot.checkSecret(request.headers['x-telegram-bot-api-secret-token'])) {
          throw new AppError('UNAUTHORIZED', 'errors.unauthorized');
        }
      },
      schema: {
        tags,
        summary: "Telegram's updates (X-Telegram-Bot-Api-Secret-Token required)",
        body: z.object({ update_id: z.number().int() }).loose(),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await bot?.bot.handleUpdate(request.body as never);
      return { ok: true as const };
    },
  );
}

type TelegramRoutesDeps = ReturnType<typeof telegramRoutesDeps>;

export const telegramRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; bot: TelegramBot | null }> = async (
  app,
  { ctx, bot },
) => {
  const deps = telegramRoutesDeps({ ctx, bot });
  linkRoutes(app, deps);
  webhookRoutes(app, deps);
};
