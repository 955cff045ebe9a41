import type {
  DepositAddressView,
  DepositsPage,
  DevTransferResult,
  NetworkId,
  WalletTransactionList,
} from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiDownload, apiRequest, newIdempotencyKey } from '@/lib/api';

export { useWalletBalances, WALLET_BALANCES_KEY } from '@/lib/balances';

export const WALLET_DEPOSITS_KEY = ['wallet', 'deposits'] as const;
export const WALLET_TRANSACTIONS_KEY = ['wallet', 'transactions'] as const;

export interface TransactionsFilter {
  type?: string;
  currency?: string;
  limit: number;
  offset: number;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const walletApi = {
  depositAddress: (network: NetworkId) =>
    apiRequest<DepositAddressView>(`/wallet/deposit-address${query({ network })}`),
  deposits: (params: { status?: string; limit?: number } = {}) =>
    apiRequest<DepositsPage>(`/wallet/deposits${query({ status: params.status, limit: params.limit })}`),
  transactions: (filter: TransactionsFilter) =>
    apiRequest<WalletTransactionList>(`/wallet/transactions${query({ ...filter })}`),
  transactionsCsv: (filter: { type?: string; currency?: string }) =>
    apiDownload(`/wallet/transactions.csv${query(filter)}`, { headers: { Accept: 'text/csv' } }),
  /** Devnet only: a simulated transfer to an address; the watcher then credits it. */
  devTransfer: (network: NetworkId, toAddress: string, amount: string) =>
    apiRequest<DevTransferResult>(`/dev/chain/${encodeURIComponent(network)}/transfers`, {
      method: 'POST',
      body: { toAddress, amount },
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
};

/** The latest deposits (pending with n/N, credited, below minimum), kept live by socket events. */
export function useRecentDeposits() {
  return useQuery({ queryKey: WALLET_DEPOSITS_KEY, queryFn: () => walletApi.deposits({ limit: 10 }) });
}

export function useWalletTransactions(filter: TransactionsFilter) {
  return useQuery({
    queryKey: [...WALLET_TRANSACTIONS_KEY, filter],
    queryFn: () => walletApi.transactions(filter),
    placeholderData: (previous) => previous,
  });
}
