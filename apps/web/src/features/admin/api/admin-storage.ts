import { safeStorage } from '@/lib/storage';

/** Staff tokens: their own keys, never the user's `auth_token`. */
export const AdminStorageKeys = {
  accessToken: 'admin_access_token',
  refreshToken: 'admin_refresh_token',
} as const;

const listeners = new Set<() => void>();

export const adminTokens = {
  getAccessToken: () => safeStorage.get(AdminStorageKeys.accessToken),
  getRefreshToken: () => safeStorage.get(AdminStorageKeys.refreshToken),
  saveTokens(tokens: { accessToken: string; refreshToken: string }): void {
    safeStorage.set(AdminStorageKeys.accessToken, tokens.accessToken);
    safeStorage.set(AdminStorageKeys.refreshToken, tokens.refreshToken);
  },
  /** Ends the staff session only; the user session in the same browser is untouched. */
  clear(): void {
    safeStorage.remove(AdminStorageKeys.accessToken);
    safeStorage.remove(AdminStorageKeys.refreshToken);
    for (const listener of listeners) listener();
  },
  onCleared(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
