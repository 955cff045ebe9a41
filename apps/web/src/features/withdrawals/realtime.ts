import type { FeatureReactions } from '@/features/realtime';
import { WITHDRAWALS_KEY } from './api/withdrawals-api';

/**
 * A withdrawal's status arrives through withdrawal:updated (routes/WithdrawalsHistoryPage.tsx);
 * when the socket connects the list is fetched again, since what staff did before reached no one.
 */
export const withdrawalReactions: FeatureReactions = {
  connected: ({ queryClient }) => void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY }),
};
