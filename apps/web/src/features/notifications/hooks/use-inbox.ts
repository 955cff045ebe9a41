import { isMessageKey, type NotificationList, type NotificationView } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/features/auth';
import { useSocketEvent } from '@/features/realtime';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { notificationKeys, notificationsApi } from '../api/notifications-api';
import { displayValues, withAllRead, withNew, withRead } from '../lib/inbox';

/** The latest `limit` notifications and the unread count (one request for both). */
export function useInbox(limit: number) {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: () => notificationsApi.list(limit),
    enabled: Boolean(user),
    staleTime: 30_000,
  });
}

/**
 * Keeps every loaded inbox live: `notification:new` puts the row first and takes the unread
 * count from the server (after a reconnect the realtime layer refetches them: events may
 * have been missed while offline). Mount once, where the bell is.
 */
export function useLiveInbox(): void {
  const queryClient = useQueryClient();
  useSocketEvent('notification:new', ({ notification, unreadCount }) => {
    queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.all }, (page) =>
      withNew(page, notification, unreadCount),
    );
  });
}

/** Mark one read and mark all read, applied at once and confirmed by the server. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  const patch = (update: (page: NotificationList | undefined) => NotificationList | undefined) =>
    queryClient.setQueriesData<NotificationList>({ queryKey: notificationKeys.all }, update);
  const resync = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  const one = useMutation({
    mutationFn: notificationsApi.markRead,
    onMutate: (id) => patch((page) => withRead(page, id, new Date().toISOString())),
    onError: resync,
  });
  const all = useMutation({
    mutationFn: notificationsApi.markAllRead,
    onMutate: () => patch((page) => withAllRead(page, new Date().toISOString())),
    onError: resync,
    onSuccess: resync,
  });
  return { markRead: one.mutate, markAllRead: all.mutate, markingAll: all.isPending };
}

/**
 * A notification's texts in the UI language: from the catalogue keys when this build knows
 * them (a language switch re-renders them), else the server's rendering.
 */
export function useNotificationText() {
  const { t } = useI18n();
  const fmt = useFormat();
  const render = (key: string | null, values: NotificationView['values'], fallback: string | null) =>
    key && isMessageKey(key) ? t(key, values) : fallback;
  return (n: NotificationView) => {
    const values = displayValues(n.values, fmt);
    return {
      title: render(n.titleKey, values, n.title) ?? n.title,
      message: render(n.messageKey, values, n.message) ?? n.message,
      action: render(n.actionKey, values, n.action),
    };
  };
}
