import type { NotificationView } from '@p2p/shared';
import { useId, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useDismiss } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Link, useLocation } from '@/lib/router';
import { INBOX_PREVIEW } from '../api/notifications-api';
import { useInbox, useLiveInbox, useMarkRead } from '../hooks/use-inbox';
import { badgeText } from '../lib/inbox';
import { NotificationItem } from './NotificationItem';

/**
 * The bell of the header (signed-in users): the unread count, and a panel with the latest
 * notifications, mark-read and mark-all-read; live over the socket.
 */
export function NotificationBell() {
  const t = useT();
  const id = useId();
  useLiveInbox();
  const inbox = useInbox(INBOX_PREVIEW);
  const { markRead, markAllRead, markingAll } = useMarkRead();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useDismiss({ open, onDismiss: () => setOpen(false), root, button });
  // Any navigation closes the panel (adjusted during render).
  const { pathname } = useLocation();
  const [path, setPath] = useState(pathname);
  if (path !== pathname) {
    setPath(pathname);
    setOpen(false);
  }

  const unread = inbox.data?.unreadCount ?? 0;
  const openItem = (n: NotificationView) => {
    if (!n.readAt) markRead(n.id);
    setOpen(false);
  };

  return (
    <div className="bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn bell__button"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={unread > 0 ? t('inbox.bellUnread', { count: unread }) : t('inbox.title')}
        data-testid="notification-bell"
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name="bell" size={20} />
        {unread > 0 ? (
          <span className="bell__badge num" aria-hidden="true" data-testid="notification-count">
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      <section id={`${id}-panel`} className="bell__panel" hidden={!open} aria-labelledby={`${id}-title`}>
        {open ? (
          <BellPanel
            titleId={`${id}-title`}
            inbox={inbox}
            unread={unread}
            markAll={{ run: () => markAllRead(), pending: markingAll }}
            onOpen={openItem}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </section>
    </div>
  );
}

/** The open panel: its title with mark-all-read, the latest notifications, and the way to all. */
function BellPanel({
  titleId,
  inbox,
  unread,
  markAll,
  onOpen,
  onClose,
}: {
  titleId: string;
  inbox: ReturnType<typeof useInbox>;
  unread: number;
  markAll: { run: () => void; pending: boolean };
  onOpen: (notification: NotificationView) => void;
  onClose: () => void;
}) {
  const t = useT();
  const items = inbox.data?.notifications ?? [];
  return (
    <>
      <div className="bell__head">
        <h2 id={titleId} className="bell__title">
          {t('inbox.title')}
        </h2>
        {unread > 0 ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={markAll.run}
            disabled={markAll.pending}
          >
            {t('inbox.markAllRead')}
          </button>
        ) : null}
      </div>
      {inbox.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : inbox.isError ? (
        <p className="bell__empty" role="alert">
          {t('inbox.loadError')}
        </p>
      ) : items.length === 0 ? (
        <p className="bell__empty muted">{t('inbox.empty')}</p>
      ) : (
        <ul className="inbox-list bell__list">
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={onOpen} />
          ))}
        </ul>
      )}
      <div className="bell__foot">
        <Link to="/notifications" className="bell__all" onClick={onClose}>
          {t('inbox.all')}
        </Link>
      </div>
    </>
  );
}
