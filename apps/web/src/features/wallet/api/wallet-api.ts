import type { WalletBalanceView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const WALLET_BALANCES_KEY = ['wallet', 'balances'] as const;

export const walletApi = {
  balances: () => apiRequest<WalletBalanceView[]>('/wallet/balances'),
};

/** The signed-in user's balances from the ledger: available, locked (escrow and sell orders), total. */
export function useWalletBalances(enabled = true) {
  return useQuery({ queryKey: WALLET_BALANCES_KEY, queryFn: walletApi.balances, enabled });
}
