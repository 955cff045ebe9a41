import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/features/auth';
import { useI18n } from '@/i18n';
import { RealtimeContext, type RealtimeValue } from './context';
import type { AppSocket, ConnectionStatus } from './socket';
import { wireSocket } from './wire';

/**
 * One socket per signed-in user: opened on sign-in, closed on sign-out or user
 * change. It turns server events into toasts and cache invalidation; screens subscribe to
 * it through useSocketEvent / useTradeRoom.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const { lang } = useI18n();
  const langRef = useRef(lang);
  langRef.current = lang;
  const openTrade = useRef<string | null>(null);
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [status, setStatus] = useState<ConnectionStatus>('disconnected');

  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let close: (() => void) | null = null;
    setStatus('connecting');
    // socket.io-client is its own chunk: it loads after the first render, for a signed-in user.
    import('./socket')
      .then(({ createSocket }) => {
        if (stopped) return;
        const next = createSocket();
        const unwire = wireSocket({
          socket: next,
          queryClient,
          userId,
          lang: () => langRef.current,
          openTrade: () => openTrade.current,
          setStatus,
        });
        setSocket(next);
        next.connect();
        close = () => {
          unwire();
          next.disconnect();
        };
      })
      .catch(() => {
        if (!stopped) setStatus('disconnected');
      });
    return () => {
      stopped = true;
      close?.();
      setSocket(null);
      setStatus('disconnected');
    };
  }, [userId, queryClient]);

  const value = useMemo<RealtimeValue>(() => ({ socket, status, openTrade }), [socket, status]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
