import {
  ChatMessage,
  IdParams,
  MessageList,
  MessageListQuery,
  Ok,
  ReadAllResult,
  SendMessageRequest,
  UnreadCount,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { ChatService } from './chat.service.ts';

/** Sending is rate limited per user on top of the global limit (docs/product/texts-and-limits.md). */
const sendLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** What the handlers of `chatRoutes` share. */
function chatRoutesDeps(app: RouteApp, { ctx, chat }: { ctx: AppContext; chat: ChatService }) {
  const tags = ['chat'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.requireUser };
  return { ctx, chat, tags, security, auth };
}

/** GET /trades/:id/messages, POST /trades/:id/messages */
function messageRoutes(app: RouteApp, { chat, tags, security, auth }: ChatRoutesDeps) {
  app.get(
    '/trades/:id/messages',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Chat history of a trade',
        description:
          'Pages count back from the newest message: offset 0 is the latest `limit` (default and ' +
          'max 100) messages, offset 100 the ones before them. Each page is oldest first; ' +
          '`hasNext` means older messages remain.',
        params: IdParams,
        querystring: MessageListQuery,
        response: { 200: Ok(MessageList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.list(request.userId, request.params.id, request.query),
    }),
  );

  app.post(
    '/trades/:id/messages',
    {
      ...auth,
      config: sendLimit,
      schema: {
        tags,
        security,
        summary: 'Send a text message to the counterparty; honours Idempotency-Key',
        params: IdParams,
        body: SendMessageRequest,
        response: { 200: Ok(ChatMessage) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.send(
        request.userId,
        request.params.id,
        request.body,
        idempotencyKeyOf(request.headers),
      ),
    }),
  );
}

/** PATCH /messages/:id/read, PATCH /trades/:id/messages/read-all, GET /trades/:id/messages/unread-count */
function readStateRoutes(app: RouteApp, { chat, tags, security, auth }: ChatRoutesDeps) {
  app.patch(
    '/messages/:id/read',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark a counterparty message read (own and SYSTEM messages: no change)',
        params: IdParams,
        response: { 200: Ok(ChatMessage) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.markRead(request.userId, request.params.id),
    }),
  );

  app.patch(
    '/trades/:id/messages/read-all',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Mark every counterparty message of a trade read',
        params: IdParams,
        response: { 200: Ok(ReadAllResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.markAllRead(request.userId, request.params.id),
    }),
  );

  app.get(
    '/trades/:id/messages/unread-count',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'How many counterparty messages I have not read',
        params: IdParams,
        response: { 200: Ok(UnreadCount) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { unreadCount: await chat.unreadCount(request.userId, request.params.id) },
    }),
  );
}

type ChatRoutesDeps = ReturnType<typeof chatRoutesDeps>;

/** Trade chat (docs/product/trading-rules.md): parties only; others get 404 'Сделка не найдена'. */
export const chatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; chat: ChatService }> = async (
  app,
  { ctx, chat },
) => {
  const deps = chatRoutesDeps(app, { ctx, chat });
  messageRoutes(app, deps);
  readStateRoutes(app, deps);
};
