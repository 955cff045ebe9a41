import type { WalletBalanceView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

/** Wallet data lives under this prefix: invalidating it refreshes balances, deposits and history. */
export const WALLET_KEY = ['wallet'] as const;
export const WALLET_BALANCES_KEY = ['wallet', 'balances'] as const;

/**
 * The signed-in user's balances from the ledger: available, locked (escrow, sell orders and
 * pending withdrawals), total. Shared by the wallet, the dashboard and the withdraw form.
 */
export function useWalletBalances(enabled = true) {
  return useQuery({
    queryKey: WALLET_BALANCES_KEY,
    queryFn: () => apiRequest<WalletBalanceView[]>('/wallet/balances'),
    enabled,
  });
}
