import { createContext, type RefObject, useContext } from 'react';
import type { AppSocket, ConnectionStatus } from './socket';

export interface RealtimeValue {
  socket: AppSocket | null;
  status: ConnectionStatus;
  /** The trade whose page is open: its chat toasts are not needed, the chat shows them. */
  openTrade: RefObject<string | null>;
}

export const RealtimeContext = createContext<RealtimeValue>({
  socket: null,
  status: 'disconnected',
  openTrade: { current: null },
});

export function useRealtime(): RealtimeValue {
  return useContext(RealtimeContext);
}
