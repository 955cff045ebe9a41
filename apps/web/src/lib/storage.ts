import type { UserView } from '@p2p/shared';

/** The user's localStorage keys (docs/product/texts-and-limits.md). */
export const StorageKeys = {
  accessToken: 'auth_token',
  refreshToken: 'refresh_token',
  user: 'user_data',
} as const;

/** localStorage that never throws (private mode, quota, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): boolean {
    try {
      globalThis.localStorage?.setItem(key, value);
      return true;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // nothing to clean up
    }
  },
};

export function getAccessToken(): string | null {
  return safeStorage.get(StorageKeys.accessToken);
}

export function getRefreshToken(): string | null {
  return safeStorage.get(StorageKeys.refreshToken);
}

export function saveTokens(tokens: { accessToken: string; refreshToken: string }): void {
  const ok =
    safeStorage.set(StorageKeys.accessToken, tokens.accessToken) &&
    safeStorage.set(StorageKeys.refreshToken, tokens.refreshToken);
  if (!ok) console.error('Failed to save authentication data');
}

export function getStoredUser(): UserView | null {
  const raw = safeStorage.get(StorageKeys.user);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as UserView;
    return parsed && typeof parsed.id === 'string' && typeof parsed.firstName === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export function saveUser(user: UserView): void {
  if (!safeStorage.set(StorageKeys.user, JSON.stringify(user))) console.error('Failed to update user data');
}

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/** Removes every stored credential and tells subscribers (the session) that we are signed out. */
export function clearAuth(): void {
  safeStorage.remove(StorageKeys.accessToken);
  safeStorage.remove(StorageKeys.refreshToken);
  safeStorage.remove(StorageKeys.user);
  for (const listener of clearedListeners) listener();
}

export function onAuthCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}
