import type { FeatureReactions, ReactionContext } from '@/features/realtime';
import { WALLET_KEY } from '@/lib/balances';

/** A trade's transitions move money (escrow, release, refund): balances change with them. */
const refreshWallet = (_e: unknown, { queryClient }: ReactionContext) =>
  void queryClient.invalidateQueries({ queryKey: WALLET_KEY });

/** What wallet screens do on server events (deposits and withdrawals: see WalletPage). */
export const walletReactions: FeatureReactions = {
  'trade:created': refreshWallet,
  'trade:updated': refreshWallet,
  'trade:evidence_requested': refreshWallet,
  // A swap moved both parties' balances at once (docs/decisions/026).
  'swap:completed': refreshWallet,
  // Deposits, withdrawals and balances that moved before the socket connected reached no one.
  connected: (ctx) => refreshWallet(null, ctx),
};
