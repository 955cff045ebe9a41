import {
  type AuthConfigResult,
  type AuthResult,
  type DevUsersResult,
  type ReauthRequest,
  type ReauthResult,
  TIME_ZONE_HEADER,
  translate,
  type UserView,
} from '@p2p/shared';
import type { z } from 'zod';
import { currentLang } from '@/i18n/current-lang';
import { ApiError, apiRequest } from '@/lib/api';

export type AuthConfig = z.infer<typeof AuthConfigResult>;
export type DevUser = z.infer<typeof DevUsersResult>['users'][number];
export type TelegramAuthData = Record<string, string | number>;

/** The sign-in answer must carry user and tokens. */
async function checkAuthResult(data: unknown): Promise<AuthResult> {
  const { parseAuthResult } = await import('./auth-result');
  const parsed = parseAuthResult(data);
  if (!parsed) throw new ApiError(translate(currentLang(), 'auth.badResponse'), 200, 'BAD_RESPONSE');
  return parsed;
}

/**
 * The browser's IANA zone, sent with every sign-in: the server writes the bot's times in it
 * (docs/decisions/030). Nothing when the browser cannot tell.
 */
function zoneHeader(): Record<string, string> {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? { [TIME_ZONE_HEADER]: zone } : {};
  } catch {
    return {};
  }
}

const signIn = (path: string, body: unknown) =>
  apiRequest(path, { method: 'POST', body, auth: false, headers: zoneHeader() });

export const authApi = {
  config: () => apiRequest<AuthConfig>('/auth/config', { auth: false }),
  devUsers: async () => (await apiRequest<{ users: DevUser[] }>('/auth/dev-users', { auth: false })).users,
  devLogin: async (username: string) => checkAuthResult(await signIn('/auth/dev-login', { username })),
  telegramMiniApp: async (initData: string) =>
    checkAuthResult(await signIn('/auth/telegram/webapp', { initData })),
  telegram: async (data: TelegramAuthData) => {
    if (!data.id || !data.first_name || !data.hash) {
      throw new ApiError(translate(currentLang(), 'auth.telegramMissing'), 400, 'VALIDATION_ERROR');
    }
    return checkAuthResult(await signIn('/auth/telegram', data));
  },
  me: () => apiRequest<UserView>('/auth/me'),
  /** A fresh sign-in of this account's own Telegram (or `{ dev: true }`): the proof security changes carry. */
  reauth: (body: ReauthRequest) => apiRequest<ReauthResult>('/auth/reauth', { method: 'POST', body }),
  /** Ends every session of the account, this one included (docs/decisions/023). */
  endAllSessions: () => apiRequest<{ ended: number }>('/auth/sessions/end-all', { method: 'POST' }),
  logout: (refreshToken: string | null) =>
    apiRequest<{ message: string }>('/auth/logout', {
      method: 'POST',
      body: refreshToken ? { refreshToken } : {},
    }),
};
