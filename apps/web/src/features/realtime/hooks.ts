import type { ServerEventName, ServerEventPayload } from '@p2p/shared';
import { useEffect, useRef } from 'react';
import { useRealtime } from './context';
import { serverEvents } from './server-events';

/**
 * Calls `handler` with the payload of every `event` of the user's socket while mounted, after
 * the features' own reactions to it (toasts, refetches) ran.
 */
export function useSocketEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => serverEvents.on(event, (payload) => latest.current(payload)), [event]);
}

/**
 * Joins `trade:{id}` (chat and trade events of that trade) while mounted, and again after
 * every reconnect, since rooms do not survive a new connection. Also marks the trade open.
 * `onJoined` runs on every join: what happened between the page's first fetch and the join
 * reached no room of ours.
 */
export function useTradeRoom(tradeId: string | null, onJoined: (tradeId: string) => void): void {
  const { socket, openTrade } = useRealtime();
  const joined = useRef(onJoined);
  joined.current = onJoined;
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
        joined.current(tradeId);
      });
    if (socket.connected) join();
    socket.on('connect', join);
    return () => {
      socket.off('connect', join);
      if (socket.connected) socket.emit('trade:leave', { tradeId });
    };
  }, [socket, tradeId]);
}
