import { type AuthResult, translate, type UserView } from '@p2p/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';
import { currentLang } from '@/i18n/current-lang';
import { ApiError } from '@/lib/api';
import {
  clearAuth,
  getAccessToken,
  getRefreshToken,
  getStoredUser,
  onAuthCleared,
  saveTokens,
  saveUser,
} from '@/lib/storage';
import { miniAppSignInRead, miniAppSigningIn } from '@/lib/telegram/state';
import { authApi } from './api/auth-api';

export const ME_QUERY_KEY = ['auth', 'me'] as const;
/** Re-sync the user on focus at most once per 5 s. */
const USER_SYNC_MS = 5_000;

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

export interface Session {
  status: SessionStatus;
  user: UserView | null;
  signIn: (result: AuthResult) => void;
  signOut: () => Promise<void>;
  /** Ends every session of the account (every device), then this one locally. */
  signOutEverywhere: () => Promise<number>;
  /** Replace the cached user after a profile change. */
  setUser: (user: UserView) => void;
  refetchUser: () => Promise<unknown>;
}

const SessionContext = createContext<Session | null>(null);

async function fetchMe(): Promise<UserView | null> {
  const signingIn = miniAppSigningIn();
  if (signingIn) {
    // The Mini App's sign-in answered with the user it stored (lib/telegram, docs/decisions/050):
    // that answer is the server's, so it is not asked again (065).
    await signingIn;
    miniAppSignInRead(signingIn);
    return getAccessToken() ? getStoredUser() : null;
  }
  if (!getAccessToken()) return null;
  try {
    return await authApi.me();
  } catch (error) {
    // The client already tried one refresh and cleared the stored credentials.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Same user apart from timestamps: keep the old object so nothing re-renders. */
function keepUnlessChanged(oldData: unknown, newData: unknown): unknown {
  if (!oldData || !newData) return newData;
  const strip = ({ createdAt: _c, updatedAt: _u, ...rest }: UserView) => JSON.stringify(rest);
  return strip(oldData as UserView) === strip(newData as UserView) ? oldData : newData;
}

/** The signed-in user: the stored one at once, then the server's; null when signed out. */
function useMe() {
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: fetchMe,
    // Start from the stored user (instant header), then verify it with the server; while a Mini
    // App's sign-in is on its way, loading (never signed out in between).
    initialData: () =>
      miniAppSigningIn() ? undefined : getAccessToken() ? (getStoredUser() ?? undefined) : null,
    initialDataUpdatedAt: 0,
    staleTime: USER_SYNC_MS,
    refetchOnWindowFocus: true,
    retry: false,
    structuralSharing: keepUnlessChanged,
  });

  useEffect(() => onAuthCleared(() => queryClient.setQueryData(ME_QUERY_KEY, null)), [queryClient]);
  useEffect(() => {
    if (me.data) saveUser(me.data);
  }, [me.data]);

  const setUser = useCallback(
    (user: UserView) => {
      saveUser(user);
      queryClient.setQueryData(ME_QUERY_KEY, user);
    },
    [queryClient],
  );
  return { me, setUser };
}

/**
 * Signing in and out, here or on every device. A Telegram Mini App signs in by itself
 * (lib/telegram, docs/decisions/029): it starts here signed in, or loading until its sign-in
 * settles (050).
 */
function useSignInOut(setUser: (user: UserView) => void) {
  const queryClient = useQueryClient();
  const signIn = useCallback(
    ({ user, tokens }: AuthResult) => {
      if (!tokens?.accessToken || !user) {
        throw new Error(translate(currentLang(), 'auth.invalidLogin'));
      }
      if (!user.id || !user.firstName) throw new Error(translate(currentLang(), 'auth.invalidUser'));
      saveTokens(tokens);
      setUser(user);
    },
    [setUser],
  );

  const signOut = useCallback(async () => {
    try {
      if (getAccessToken()) await authApi.logout(getRefreshToken());
    } catch (error) {
      console.warn('Logout failed', error);
    } finally {
      clearAuth();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    }
  }, [queryClient]);

  const signOutEverywhere = useCallback(async () => {
    const { ended } = await authApi.endAllSessions();
    clearAuth();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
    return ended;
  }, [queryClient]);
  return { signIn, signOut, signOutEverywhere };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const { me, setUser } = useMe();
  const { signIn, signOut, signOutEverywhere } = useSignInOut(setUser);
  const status: SessionStatus =
    me.data === undefined ? (me.isError ? 'signed-out' : 'loading') : me.data ? 'signed-in' : 'signed-out';

  const value = useMemo<Session>(
    () => ({
      status,
      user: me.data ?? null,
      signIn,
      signOut,
      signOutEverywhere,
      setUser,
      refetchUser: me.refetch,
    }),
    [status, me.data, signIn, signOut, signOutEverywhere, setUser, me.refetch],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session's status where a provider is above, else null (components rendered on their own). */
export function useSessionStatus(): SessionStatus | null {
  return useContext(SessionContext)?.status ?? null;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside AuthProvider');
  return session;
}
