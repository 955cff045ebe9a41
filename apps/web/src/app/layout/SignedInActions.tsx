import type { UserView } from '@p2p/shared';
import { ActiveTradesButton } from '@/features/active-trades';
import { NotificationBell } from '@/features/notifications';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { UserMenu } from './UserMenu';

/**
 * The header's controls for a signed-in user (active trades, notifications, account menu):
 * their own chunk, so a visitor who is not signed in never downloads them. The account menu
 * shows at once; the active trades, then the inbox, each mount in a turn of their own after it,
 * with their requests: one render at a time on a phone (docs/decisions/048).
 */
export function SignedInActions({ user }: { user: UserView }) {
  const trades = useAfterFirstPaint();
  const inbox = useAfterFirstPaint();
  return (
    <>
      {trades ? <ActiveTradesButton /> : null}
      {/* The bell's place is kept until it comes: the header does not shift twice. */}
      {inbox ? <NotificationBell /> : <span className="header__slot" aria-hidden="true" />}
      <div className="desktop-only">
        <UserMenu user={user} />
      </div>
    </>
  );
}
