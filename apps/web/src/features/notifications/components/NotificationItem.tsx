import type { NotificationView } from '@p2p/shared';
import { lazy, Suspense } from 'react';
import { useNow } from '@/features/trade';
import { useT } from '@/i18n';
import { formatClock } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { useNotificationText } from '../hooks/use-inbox';
import { safeLink } from '../lib/inbox';

/** «Это не я» loads with its own code: the market's first load never needs it. */
const NotMeButton = lazy(async () => ({ default: (await import('./NotMeButton')).NotMeButton }));

/** Under five minutes left, the countdown turns red (docs/product/trading-rules.md, Timers). */
const URGENT_SECONDS = 5 * 60;

/** The time left to act, ticking every second; once past, says so. */
function Deadline({ deadline, done }: { deadline: string; done: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const now = useNow();
  const seconds = Math.floor((Date.parse(deadline) - now) / 1000);
  if (done || !Number.isFinite(seconds)) {
    return (
      <span className="inbox-item__deadline muted">{t('inbox.until', { time: fmt.dateTime(deadline) })}</span>
    );
  }
  if (seconds <= 0) return <span className="inbox-item__deadline is-over">{t('inbox.deadlinePassed')}</span>;
  return (
    <span className={`inbox-item__deadline${seconds < URGENT_SECONDS ? ' is-urgent' : ''}`}>
      {t('inbox.timeLeft', { time: formatClock(seconds) })}
      <span className="muted"> · {t('inbox.until', { time: fmt.time(deadline) })}</span>
    </span>
  );
}

/**
 * One notification: what happened, what to do next and by when, and the place to do it.
 * Following it marks it read. A security notice also offers «Это не я» (docs/decisions/033).
 */
export function NotificationItem({
  notification,
  onOpen,
  compact = false,
}: {
  notification: NotificationView;
  onOpen: (n: NotificationView) => void;
  compact?: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  const text = useNotificationText()(notification);
  const unread = notification.readAt === null;
  return (
    <li className={`inbox-item${unread ? ' is-unread' : ''}`}>
      <Link
        to={safeLink(notification.link)}
        className="inbox-item__link"
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
      >
        <span className="inbox-item__marker" aria-hidden="true" />
        <span className="inbox-item__body">
          <span className="inbox-item__title">
            {unread ? <span className="sr-only">{t('inbox.unread')}: </span> : null}
            {text.title}
          </span>
          {compact ? null : <span className="inbox-item__message">{text.message}</span>}
          {text.action ? <span className="inbox-item__action">{text.action}</span> : null}
          {notification.deadline ? (
            // Once read, the countdown stops: the step may well be done by now.
            <Deadline deadline={notification.deadline} done={!text.action || !unread} />
          ) : null}
          <span className="inbox-item__time muted num">{fmt.moment(notification.createdAt)}</span>
        </span>
      </Link>
      {notification.kind === 'security_event' ? (
        <Suspense fallback={null}>
          <NotMeButton notificationId={notification.id} />
        </Suspense>
      ) : null}
    </li>
  );
}
