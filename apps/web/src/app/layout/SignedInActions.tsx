import type { UserView } from '@p2p/shared';
import { ActiveTradesButton } from '@/features/active-trades';
import { NotificationBell } from '@/features/notifications';
import { UserMenu } from './UserMenu';

/**
 * The header's controls for a signed-in user (active trades, notifications, account menu):
 * their own chunk, so a visitor who is not signed in never downloads them.
 */
export function SignedInActions({ user }: { user: UserView }) {
  return (
    <>
      <ActiveTradesButton />
      <NotificationBell />
      <div className="desktop-only">
        <UserMenu user={user} />
      </div>
    </>
  );
}
