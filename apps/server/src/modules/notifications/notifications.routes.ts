import {
  IdParams,
  MarkAllReadResult,
  NotificationList,
  NotificationListQuery,
  NotificationUnreadCount,
  NotificationView,
  Ok,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLang } from '../../lib/request-lang.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { NotificationsService } from './notifications.service.ts';

/** What the handlers of `notificationsRoutes` share. */
function notificationsRoutesDeps({ inbox }: { inbox: NotificationsService }) {
  const tags = ['notifications'];
  const security = [{ bearer: [] }];
  return { inbox, tags, security };
}

/** GET /notifications, GET /notifications/unread-count, POST /notifications/read-all */
function inboxRoutes(app: RouteApp, { inbox, tags, security }: NotificationsRoutesDeps) {
  app.get(
    '/notifications',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, with the unread count',
        querystring: NotificationListQuery,
        response: { 200: Ok(NotificationList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inbox.list(request.userId, request.query, requestLang(request)),
    }),
  );

  app.get(
    '/notifications/unread-count',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Unread notifications',
        response: { 200: Ok(NotificationUnreadCount) },
      },
    },
    async (request) => ({
      success: true as const,
      data: { unreadCount: await inbox.unreadCount(request.userId) },
    }),
  );

  app.post(
    '/notifications/read-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read',
        response: { 200: Ok(MarkAllReadResult) },
      },
    },
    async (request) => ({ success: true as const, data: await inbox.markAllRead(request.userId) }),
  );
}

/** POST /notifications/:id/read */
function readOneRoutes(app: RouteApp, { inbox, tags, security }: NotificationsRoutesDeps) {
  app.post(
    '/notifications/:id/read',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark one of my notifications read',
        params: IdParams,
        response: { 200: Ok(NotificationView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await inbox.markRead(request.userId, request.params.id, requestLang(request)),
    }),
  );
}

type NotificationsRoutesDeps = ReturnType<typeof notificationsRoutesDeps>;

export const notificationsRoutes: FastifyPluginAsyncZod<{ inbox: NotificationsService }> = async (
  app,
  { inbox },
) => {
  const deps = notificationsRoutesDeps({ inbox });
  inboxRoutes(app, deps);
  readOneRoutes(app, deps);
};
