import type { FeatureReactions } from '@/features/realtime';
import { notificationKeys } from './api/notifications-api';

/**
 * New notifications arrive through notification:new (hooks/use-inbox.ts); after a lost
 * connection the inbox is fetched again, since what came meanwhile reached no one.
 */
export const notificationReactions: FeatureReactions = {
  reconnected: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
};
