import type { AdminView } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '@/lib/api';
import { adminApi, type LoginResult } from './api/admin-api';
import { adminTokens } from './api/admin-storage';

type Status = 'checking' | 'signedIn' | 'signedOut' | 'unreachable';

interface AdminSession {
  status: Status;
  admin: AdminView | null;
  signIn: (result: LoginResult) => void;
  signOut: () => Promise<void>;
  recheck: () => void;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/**
 * The staff session: stored tokens are restored and the profile loaded on start;
 * the client refreshes once on a 401 and a failed refresh signs out (tokens cleared → here).
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>(() =>
    adminTokens.getAccessToken() ? 'checking' : 'signedOut',
  );
  const [admin, setAdmin] = useState<AdminView | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(
    () =>
      adminTokens.onCleared(() => {
        setAdmin(null);
        setStatus('signedOut');
        queryClient.removeQueries({ queryKey: ['admin'] });
      }),
    [queryClient],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the check on retry
  useEffect(() => {
    if (!adminTokens.getAccessToken()) {
      setStatus('signedOut');
      return;
    }
    let live = true;
    setStatus('checking');
    adminApi.me().then(
      (me) => {
        if (!live) return;
        setAdmin(me);
        setStatus('signedIn');
      },
      (error: unknown) => {
        if (!live) return;
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (refused) adminTokens.clear();
        setStatus(refused ? 'signedOut' : 'unreachable');
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const signIn = useCallback((result: LoginResult) => {
    adminTokens.saveTokens(result);
    setAdmin(result.admin);
    setStatus('signedIn');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await adminApi.logout(adminTokens.getRefreshToken());
    } catch {
      // The session ends here whatever the server says.
    }
    adminTokens.clear();
  }, []);

  const recheck = useCallback(() => setAttempt((n) => n + 1), []);

  const value = useMemo(
    () => ({ status, admin, signIn, signOut, recheck }),
    [status, admin, signIn, signOut, recheck],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSession {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error('useAdminSession must be used inside AdminSessionProvider');
  return value;
}

/** Whether the signed-in staff member is an administrator (moderators see, admins decide). */
export function useIsAdmin(): boolean {
  return useAdminSession().admin?.role === 'admin';
}
