import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/features/auth';
import { useI18n } from '@/i18n';
import { RealtimeContext, type RealtimeValue } from './context';
import { type AppSocket, type ConnectionStatus, createSocket } from './socket';
import { wireSocket } from './wire';

/**
 * One socket per signed-in user (spec 1 §7): opened on sign-in, closed on sign-out or user
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
    setStatus('connecting');
    next.connect();
    return () => {
      unwire();
      next.disconnect();
      setSocket(null);
      setStatus('disconnected');
    };
  }, [userId, queryClient]);

  const value = useMemo<RealtimeValue>(() => ({ socket, status, openTrade }), [socket, status]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
