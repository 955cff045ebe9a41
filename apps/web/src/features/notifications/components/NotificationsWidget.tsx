import type { NotificationView } from '@p2p/shared';
import { LoadingState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { INBOX_PREVIEW } from '../api/notifications-api';
import { useInbox, useMarkRead, useNotificationText } from '../hooks/use-inbox';
import { safeLink } from '../lib/inbox';

const WIDGET_ROWS = 5;

/** Dashboard widget: message, time and an unread marker; the inbox is one click away. */
export function NotificationsWidget() {
  const t = useT();
  const fmt = useFormat();
  // Same query as the bell: one request, and both stay live together.
  const inbox = useInbox(INBOX_PREVIEW);
  const { markRead } = useMarkRead();
  const textOf = useNotificationText();
  const rows = (inbox.data?.notifications ?? []).slice(0, WIDGET_ROWS);
  const open = (n: NotificationView) => {
    if (!n.readAt) markRead(n.id);
  };
  return (
    <section className="panel widget" aria-labelledby="w-notifications">
      <div className="widget__head">
        <h2 id="w-notifications" className="panel__title">
          {t('dashboard.notifications')}{' '}
          {inbox.data && inbox.data.unreadCount > 0 ? (
            <span className="badge badge--warn num">{inbox.data.unreadCount}</span>
          ) : null}
        </h2>
        <Link to="/notifications" className="btn btn--ghost btn--sm">
          {t('inbox.all')}
        </Link>
      </div>
      {inbox.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : inbox.isError ? (
        <div className="widget__error">
          <p role="alert">{t('dash.loadError')}</p>
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => inbox.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : rows.length === 0 ? (
        <p className="muted small">{t('dash.noData')}</p>
      ) : (
        <ul className="widget-inbox">
          {rows.map((n) => {
            const text = textOf(n);
            return (
              <li key={n.id} className={`widget-inbox__row${n.readAt ? '' : ' is-unread'}`}>
                <span className="inbox-item__marker" aria-hidden="true" />
                <Link to={safeLink(n.link)} className="widget-inbox__text" onClick={() => open(n)}>
                  {n.readAt ? null : <span className="sr-only">{t('inbox.unread')}: </span>}
                  {text.title}
                  <span className="widget-inbox__message muted small">{text.message}</span>
                </Link>
                <span className="widget-inbox__time muted small num">{fmt.moment(n.createdAt)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
