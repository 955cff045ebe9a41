import type { TwoFactorStatus } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const TWO_FACTOR_KEY = ['two-factor', 'status'] as const;

export const twoFactorApi = {
  status: () => apiRequest<TwoFactorStatus>('/users/2fa/status'),
  setup: () => apiRequest<{ secret: string; otpauthUri: string }>('/users/2fa/setup', { method: 'POST' }),
  enable: (code: string) =>
    apiRequest<{ enabled: true; recoveryCodes: string[] }>('/users/2fa/enable', {
      method: 'POST',
      body: { code },
    }),
  disable: (code: string) =>
    apiRequest<{ enabled: false }>('/users/2fa/disable', { method: 'POST', body: { code } }),
};

/** Whether two-factor is on for the signed-in user (the withdraw form asks for a code then). */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorApi.status });
}
