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
import type { NotificationsService } from './notifications.service.ts';

export const notificationsRoutes: FastifyPluginAsyncZod<{ inbox: NotificationsService }> = async (
  app,
  { inbox },
) => {
  const tags = ['notifications'];
  const security = [{ bearer: [] }];

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
};
