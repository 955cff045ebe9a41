import { type Lang, type MessageKey, translate } from '@p2p/shared';
import { toast } from '@/components/ui/toast';
import { apiRequest } from '@/lib/api';
import { mayShowLost, REALTIME_TOAST_MS } from './event-texts';
import type { AppSocket, ConnectionStatus } from './socket';

const CONNECTION_TOAST = 'realtime-connection';
/** A refused handshake (expired token) retries after a refresh, at most this often. */
const AUTH_RETRY_GAP_MS = 30_000;

export interface ConnectionOptions {
  socket: AppSocket;
  /** The UI language at the moment the connection changes. */
  lang: () => Lang;
  setStatus: (status: ConnectionStatus) => void;
  /** The socket connected, the first time or again after a loss. */
  onConnect: () => void;
}

/**
 * Connection status, the lost/restored toasts and the reconnect policy. A connection that
 * simply works says nothing: only one that was up and went down is announced, then its return.
 */
export function watchConnection(o: ConnectionOptions): void {
  const { socket } = o;
  const text = (key: MessageKey) => translate(o.lang(), key);
  let lostShownAt = -Infinity;
  let authRetryAt = -Infinity;
  let connectedBefore = false;
  let lost = false;
  const showLost = () => {
    if (!connectedBefore) return;
    lost = true;
    if (!mayShowLost(lostShownAt, Date.now())) return;
    lostShownAt = Date.now();
    toast.error(text('rt.lost'), { id: CONNECTION_TOAST, duration: REALTIME_TOAST_MS.lost });
  };

  socket.on('connect', () => {
    o.setStatus('connected');
    if (lost) {
      lost = false;
      toast.success(text('rt.restored'), { id: CONNECTION_TOAST, duration: REALTIME_TOAST_MS.restored });
    }
    connectedBefore = true;
    o.onConnect();
  });
  socket.on('connect_error', (error) => {
    // Offline while socket.io keeps retrying: the chat says so and waits.
    o.setStatus('disconnected');
    showLost();
    // A refused handshake does not retry by itself: refresh the session, then try again.
    const code = (error as { data?: { code?: string } }).data?.code;
    if (code === 'UNAUTHORIZED' && Date.now() - authRetryAt > AUTH_RETRY_GAP_MS) {
      authRetryAt = Date.now();
      apiRequest('/auth/me').then(
        () => socket.connect(),
        () => {},
      );
    }
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return o.setStatus('disconnected');
    showLost();
    // The server closed it: socket.io does not come back by itself then, so reconnect here.
    if (reason === 'io server disconnect') socket.connect();
    o.setStatus('disconnected');
  });
  socket.io.on('reconnect_failed', () => o.setStatus('disconnected'));
}

/** Back online or back to the tab after the attempts ran out: try again. Returns the detacher. */
export function reviveOnReturn(socket: AppSocket): () => void {
  const revive = () => {
    if (!socket.connected && !socket.active) socket.connect();
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') revive();
  };
  window.addEventListener('online', revive);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.removeEventListener('online', revive);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
