import type {
  PageInfo,
  SavedAddressView,
  WithdrawalRequest,
  WithdrawalStatus,
  WithdrawalView,
} from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestEnvelope } from '@/lib/api';

export const WITHDRAWALS_KEY = ['withdrawals'] as const;
export const SAVED_ADDRESSES_KEY = ['withdrawals', 'addresses'] as const;

export const withdrawalsApi = {
  /** One Idempotency-Key per submission: a retried request never locks the amount twice. */
  request: (body: WithdrawalRequest, idempotencyKey: string) =>
    apiRequest<WithdrawalView>('/withdrawals/request', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  mine: (params: { status?: WithdrawalStatus; limit: number; offset: number }) => {
    const search = new URLSearchParams({ limit: String(params.limit), offset: String(params.offset) });
    if (params.status) search.set('status', params.status);
    return apiRequestEnvelope<{ data: WithdrawalView[]; pagination: PageInfo }>(
      `/withdrawals/my-withdrawals?${search}`,
    );
  },
  cancel: (id: string) => apiRequest<WithdrawalView>(`/withdrawals/${id}/cancel`, { method: 'POST' }),
  addresses: () => apiRequest<SavedAddressView[]>('/withdrawals/addresses'),
};

export function useSavedAddresses() {
  return useQuery({ queryKey: SAVED_ADDRESSES_KEY, queryFn: withdrawalsApi.addresses });
}
