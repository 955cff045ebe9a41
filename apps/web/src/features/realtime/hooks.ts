import type { ServerEventName, ServerToClientEvents } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtime } from './context';

/** Listens to one server event on the user's socket while mounted. */
export function useSocketEvent<E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]): void {
  const { socket } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!socket) return;
    const listener = ((payload: never) => (latest.current as (p: never) => void)(payload)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
    };
  }, [socket, event]);
}

/**
 * Joins `trade:{id}` (chat and trade events of that trade) while mounted, and again after
 * every reconnect, since rooms do not survive a new connection. Also marks the trade open.
 * Once joined, the trade and its chat are fetched again: what happened between the page's
 * first fetch and the join (a message sent meanwhile) reached no room of ours.
 */
export function useTradeRoom(tradeId: string | null): void {
  const { socket, openTrade } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tradeId) return;
    openTrade.current = tradeId;
    return () => {
      if (openTrade.current === tradeId) openTrade.current = null;
    };
  }, [tradeId, openTrade]);
  useEffect(() => {
    if (!socket || !tradeId) return;
    const join = () =>
      socket.emit('trade:join', { tradeId }, (ack) => {
        if (!ack?.ok) return console.warn('trade:join refused', ack?.error);
        void queryClient.invalidateQueries({ queryKey: ['trade', tradeId] });
      });
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      if (socket.connected) socket.emit('trade:leave', { tradeId });
    };
  }, [socket, tradeId, queryClient]);
}

/** Calls `handler` on a browser-level event re-broadcast by the realtime layer. */
export function useWindowEvent<T>(name: string, handler: (detail: T) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener = (event: Event) => latest.current((event as CustomEvent<T>).detail);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  }, [name]);
}
