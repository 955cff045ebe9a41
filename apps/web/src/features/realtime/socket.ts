import type { ClientToServerEvents, ServerToClientEvents } from '@p2p/shared';
import { io, type Socket } from 'socket.io-client';
import { getAccessToken } from '@/lib/storage';
import { SOCKET_PATH, SOCKET_TRANSPORTS } from './contract';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** Up to 5 reconnect attempts, 1 s to 5 s apart; a 10 s connection timeout. */
export const RECONNECT = { attempts: 5, delayMs: 1000, delayMaxMs: 5000, timeoutMs: 10_000 } as const;

/**
 * The user's socket to `/socket.io` on this host. The token is read at every (re)connect
 * attempt, so a refreshed access token is used without rebuilding the socket. WebSocket
 * first, so that several instances work behind a balancer without sticky sessions.
 */
export function createSocket(): AppSocket {
  return io({
    path: SOCKET_PATH,
    ...SOCKET_TRANSPORTS,
    autoConnect: false,
    auth: (cb) => cb({ token: getAccessToken() ?? '' }),
    reconnection: true,
    reconnectionAttempts: RECONNECT.attempts,
    reconnectionDelay: RECONNECT.delayMs,
    reconnectionDelayMax: RECONNECT.delayMaxMs,
    timeout: RECONNECT.timeoutMs,
  });
}
