import type { FeatureReactions } from '@/features/realtime';
import { notificationKeys } from './api/notifications-api';

/**
 * New notifications arrive through notification:new (hooks/use-inbox.ts); when the socket
 * connects the inbox is fetched again, since what came before reached no one.
 */
export const notificationReactions: FeatureReactions = {
  connected: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
};
