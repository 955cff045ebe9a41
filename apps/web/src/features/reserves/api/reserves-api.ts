import type { ReserveAddressList, ReservesOverview, ReservesProofView } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const reservesApi = {
  overview: () => apiRequest<ReservesOverview>('/reserves', { auth: false }),
  proof: () => apiRequest<ReservesProofView>('/reserves/proof'),
  addresses: () => apiRequest<ReserveAddressList>('/reserves/addresses', { auth: false }),
};

export const useReservesOverview = () =>
  useQuery({ queryKey: ['reserves', 'overview'], queryFn: reservesApi.overview });

export const useMyReservesProof = () =>
  useQuery({ queryKey: ['reserves', 'proof'], queryFn: reservesApi.proof, retry: false });
