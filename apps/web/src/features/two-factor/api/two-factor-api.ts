import type { TwoFactorStatus } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useSessionStatus } from '@/features/auth';
import { apiRequest } from '@/lib/api';

/** `GET /auth/config` (the auth feature reads the same under the same key). */
interface AuthConfig {
  telegramBotUsername: string | null;
  devLogin: boolean;
}

export const TWO_FACTOR_KEY = ['two-factor', 'status'] as const;
const DEV_CODE_KEY = ['two-factor', 'dev-code'] as const;

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
  /** New recovery codes in place of the old ones (re-authentication asked by lib/api). */
  renewRecoveryCodes: (code: string) =>
    apiRequest<{ recoveryCodes: string[] }>('/users/2fa/recovery-codes', { method: 'POST', body: { code } }),
  stepUp: (code: string) =>
    apiRequest<{ stepUpUntil: string }>('/users/2fa/step-up', { method: 'POST', body: { code } }),
  /** Development sign-in only: a demo user's current code (404 elsewhere). */
  devCode: () => apiRequest<{ totpCode: string | null }>('/auth/dev-code'),
};

/**
 * Whether two-factor is on for the signed-in user, and the step-up window of this session
 * (docs/decisions/023): selling and withdrawing need it on.
 */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: TWO_FACTOR_KEY, queryFn: twoFactorApi.status });
}

/**
 * The demo authenticator's current code under the development sign-in (null anywhere else),
 * refreshed as the 30-second steps pass.
 */
export function useDevCode(enabled = true) {
  // Asked only where it can answer: the development sign-in is on and a session is live. Any
  // other call is a 401/404 in the console of every user (docs/decisions/034).
  const status = useSessionStatus();
  const config = useQuery({
    queryKey: ['auth', 'config'],
    queryFn: () => apiRequest<AuthConfig>('/auth/config', { auth: false }),
    staleTime: 60_000,
    enabled: enabled && status === 'signed-in',
  });
  const query = useQuery({
    queryKey: DEV_CODE_KEY,
    queryFn: twoFactorApi.devCode,
    enabled: enabled && status === 'signed-in' && config.data?.devLogin === true,
    retry: false,
    refetchInterval: (q) => (q.state.status === 'error' ? false : 10_000),
    staleTime: 5_000,
  });
  return query.data?.totpCode ?? null;
}
