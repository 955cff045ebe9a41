import type { NotificationView } from '@p2p/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { INBOX_PAGE_SIZE, notificationKeys, notificationsApi } from '../api/notifications-api';
import { NotificationItem } from '../components/NotificationItem';
import { useMarkRead } from '../hooks/use-inbox';

/** /notifications: the whole inbox, newest first, paged by "show more". */
export function NotificationsPage() {
  const t = useT();
  useDocumentTitle(t('inbox.title'));
  const [limit, setLimit] = useState(INBOX_PAGE_SIZE);
  const inbox = useQuery({
    queryKey: notificationKeys.list(limit),
    queryFn: () => notificationsApi.list(limit),
    placeholderData: keepPreviousData,
  });
  const { markRead, markAllRead, markingAll } = useMarkRead();
  const open = (n: NotificationView) => {
    if (!n.readAt) markRead(n.id);
  };
  const unread = inbox.data?.unreadCount ?? 0;

  return (
    <section className="page page--narrow" aria-labelledby="inbox-title">
      <div className="page__head page__head--split">
        <h1 id="inbox-title" className="page__title">
          {t('inbox.title')}{' '}
          {unread > 0 ? (
            <span className="badge badge--warn num">{t('inbox.unreadCount', { count: unread })}</span>
          ) : null}
        </h1>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => markAllRead()}
          disabled={unread === 0 || markingAll}
        >
          {t('inbox.markAllRead')}
        </button>
      </div>
      {inbox.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : inbox.isError ? (
        <MessageState title={t('inbox.loadError')} text={inbox.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => inbox.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      ) : inbox.data.notifications.length === 0 ? (
        <div className="panel">
          <p className="muted">{t('inbox.empty')}</p>
        </div>
      ) : (
        <>
          <ul className="panel inbox-list inbox-list--page" aria-busy={inbox.isFetching || undefined}>
            {inbox.data.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} />
            ))}
          </ul>
          {inbox.data.hasNext ? (
            <button
              type="button"
              className="btn btn--ghost btn--block"
              onClick={() => setLimit((n) => n + INBOX_PAGE_SIZE)}
              disabled={inbox.isFetching}
            >
              {t('inbox.more', { shown: inbox.data.notifications.length, total: inbox.data.total })}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
