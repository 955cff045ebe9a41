import type {
  TelegramLinkStatus,
  TelegramLinkToken,
  UpdateSettingsRequest,
  UserSettings,
  UserView,
} from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';

export const settingsKeys = {
  settings: ['settings'] as const,
  telegram: ['settings', 'telegram'] as const,
};

export const settingsApi = {
  get: () => apiRequest<UserSettings>('/users/settings'),
  save: (body: UpdateSettingsRequest) => apiRequest<UserSettings>('/users/settings', { method: 'PUT', body }),
  /** The zone the bot writes the user's times in (docs/decisions/030). */
  setTimeZone: (timeZone: string) =>
    apiRequest<UserView>('/users/me/time-zone', { method: 'PUT', body: { timeZone } }),
  telegramStatus: () => apiRequest<TelegramLinkStatus>('/telegram/link'),
  /** `code`: the second factor, when it is on (a link is issued only with one: docs/decisions/023). */
  telegramLink: (code?: string) =>
    apiRequest<TelegramLinkToken>('/telegram/link', { method: 'POST', body: code ? { code } : {} }),
  telegramDisconnect: () => apiRequest<TelegramLinkStatus>('/telegram/link', { method: 'DELETE' }),
};

/**
 * The signed-in user's stored settings (the create-order form reads the payment window).
 * Only for screens behind sign-in.
 */
export function useUserSettings() {
  return useQuery({ queryKey: settingsKeys.settings, queryFn: settingsApi.get, staleTime: 60_000 });
}
