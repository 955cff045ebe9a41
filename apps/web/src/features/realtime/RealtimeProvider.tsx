import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSession } from '@/features/auth';
import { useI18n, withLaterTexts } from '@/i18n';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { RealtimeContext, type RealtimeValue } from './context';
import type { AppSocket, ConnectionStatus } from './socket';

/**
 * One socket per signed-in user: opened on sign-in, closed on sign-out or user
 * change. Server events go to the features' reactions (./reactions.ts: toasts, refetches),
 * then to the screens subscribed through useSocketEvent; useTradeRoom joins a trade's room.
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
    // socket.io-client, the event contract and the features' reactions are their own chunks:
    // they load in their own turn after the first paint, for a signed-in user, after the header's
    // (docs/decisions/048). Keep both imports dynamic. The notices' texts are in the catalogue's
    // later part (docs/decisions/040).
    const connect = () =>
      Promise.all([import('./socket'), withLaterTexts(import('./wire'))])
        .then(([{ createSocket }, { wireSocket }]) => {
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
    const cancelTurn = afterFirstPaint(() => {
      if (!stopped) void connect();
    });
    return () => {
      stopped = true;
      cancelTurn();
      close?.();
      setSocket(null);
      setStatus('disconnected');
    };
  }, [userId, queryClient]);

  const value = useMemo<RealtimeValue>(() => ({ socket, status, openTrade }), [socket, status]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
