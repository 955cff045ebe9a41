import type { NotificationList, NotificationView, NotMeResult } from '@p2p/shared';
import { apiRequest } from '@/lib/api';

/** The bell and the dashboard widget show the latest notifications; the inbox page pages on. */
export const INBOX_PREVIEW = 8;
export const INBOX_PAGE_SIZE = 20;

/** Every notification query lives under ['notifications'] so one invalidation refreshes all. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (limit: number) => ['notifications', 'list', limit] as const,
};

export const notificationsApi = {
  list: (limit: number, offset = 0) =>
    apiRequest<NotificationList>(`/notifications?limit=${limit}&offset=${offset}`),
  markRead: (id: string) =>
    apiRequest<NotificationView>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
  markAllRead: () =>
    apiRequest<{ updated: number; unreadCount: number }>('/notifications/read-all', { method: 'POST' }),
  /** «Это не я» for a security notice (docs/decisions/033): this session ends with the others. */
  notMe: (notificationId: string) =>
    apiRequest<NotMeResult>('/security/not-me', { method: 'POST', body: { notificationId } }),
};
