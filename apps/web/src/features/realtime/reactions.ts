import { chatReactions } from '@/features/chat/realtime';
import { dashboardReactions } from '@/features/dashboard/realtime';
import { marketReactions } from '@/features/market/realtime';
import { notificationReactions } from '@/features/notifications/realtime';
import { orderReactions } from '@/features/orders/realtime';
import { tradeReactions } from '@/features/trade/realtime';
import { walletReactions } from '@/features/wallet/realtime';
import { withdrawalReactions } from '@/features/withdrawals/realtime';
import type { FeatureReactions } from './registry';

/**
 * Every feature that reacts to server events, each declaring what its own queries and
 * toasts do (features/<feature>/realtime.ts). On one event they run in this order.
 */
export const REACTIONS: readonly FeatureReactions[] = [
  orderReactions,
  marketReactions,
  tradeReactions,
  chatReactions,
  walletReactions,
  withdrawalReactions,
  dashboardReactions,
  notificationReactions,
];
