import { type Lang, type MessageKey, translate } from '@p2p/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiRequest } from '@/lib/api';
import {
  mayShowLost,
  messageText,
  REALTIME_TOAST_MS,
  tradeCreatedText,
  tradeUpdatedText,
} from './event-texts';
import type { AppSocket, ConnectionStatus } from './socket';

/** Browser-level events the trade page listens to. */
export const WINDOW_EVENTS = {
  templateAttached: 'payment-template-attached',
  proofUploaded: 'payment-proof-uploaded',
} as const;

const CONNECTION_TOAST = 'realtime-connection';
/** A refused handshake (expired token) retries after a refresh, at most this often. */
const AUTH_RETRY_GAP_MS = 30_000;

/**
 * Query keys the events touch. Convention of the web app: every trade list lives under
 * ['trades', ...], one trade under ['trade', id, ...], order screens under ['orders', ...],
 * balances under ['wallet', ...], the dashboard under ['dashboard', ...].
 */
const ORDER_ROOTS = new Set(['orders', 'dashboard']);

interface WireOptions {
  socket: AppSocket;
  queryClient: QueryClient;
  userId: string;
  /** The UI language at the moment an event arrives. */
  lang: () => Lang;
  openTrade: () => string | null;
  setStatus: (status: ConnectionStatus) => void;
}

function notifyBrowser(title: string, body: string) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body });
  } catch {
    // some browsers allow notifications only from a service worker
  }
}

/** My role in a trade, when its details are cached (to skip toasts about my own steps). */
function cachedRole(queryClient: QueryClient, tradeId: string): string | null {
  const data = queryClient.getQueryData<{ trade?: { userRole?: string } }>(['trade', tradeId, 'details']);
  return data?.trade?.userRole ?? null;
}

/** Attaches connection handling, toasts and cache invalidation; returns the detacher. */
export function wireSocket(o: WireOptions): () => void {
  const { socket, queryClient } = o;
  const text = (key: MessageKey) => translate(o.lang(), key);
  let lostShownAt = -Infinity;
  let authRetryAt = -Infinity;
  // A transition moves money (escrow, release, refund): balances and stats change with it.
  const invalidateMoney = () => {
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
  };
  const invalidateTrade = (tradeId: string) => {
    void queryClient.invalidateQueries({ queryKey: ['trade', tradeId, 'details'] });
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
    invalidateMoney();
  };
  const invalidateOrders = () =>
    void queryClient.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && ORDER_ROOTS.has(q.queryKey[0]),
    });
  // A connection that simply works says nothing. Only one that was up and went down is
  // announced, and then its return.
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
    // Whatever happened while we were offline: bring trade screens up to date.
    if (connectedBefore) {
      void queryClient.invalidateQueries({ queryKey: ['trades'] });
      void queryClient.invalidateQueries({ queryKey: ['trade'] });
      void queryClient.invalidateQueries({ queryKey: ['notifications'] });
    }
    connectedBefore = true;
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

  socket.on('trade:created', (e) => {
    const message = tradeCreatedText(o.lang(), e);
    toast(message, { duration: REALTIME_TOAST_MS.tradeCreated, once: `trade:${e.tradeId}` });
    notifyBrowser(text('rt.newTradeTitle'), message);
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
    invalidateOrders();
    invalidateMoney();
  });
  socket.on('trade:updated', (e) => {
    if (cachedRole(queryClient, e.tradeId) !== e.actor) {
      toast(tradeUpdatedText(o.lang(), e), { duration: REALTIME_TOAST_MS.tradeUpdated });
    }
    invalidateTrade(e.tradeId);
  });
  socket.on('trade:message', (e) => {
    if (o.openTrade() !== e.tradeId) toast(messageText(o.lang(), e), { duration: REALTIME_TOAST_MS.message });
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
  });
  socket.on('trade:payment_template_attached', (e) => {
    if (cachedRole(queryClient, e.tradeId) !== 'seller') {
      toast(text('rt.templateAttached'), { duration: REALTIME_TOAST_MS.templateAttached });
    }
    window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.templateAttached, { detail: e }));
  });
  socket.on('trade:payment_proof_uploaded', (e) => {
    if (e.uploadedBy !== o.userId) {
      toast(text('rt.proofUploaded'), { duration: REALTIME_TOAST_MS.proofUploaded });
    }
    window.dispatchEvent(new CustomEvent(WINDOW_EVENTS.proofUploaded, { detail: e }));
  });
  socket.on('order:matched', (e) => {
    // Sent together with trade:created for the same trade: one event, one toast.
    toast(text('rt.orderMatched'), { duration: REALTIME_TOAST_MS.orderMatched, once: `trade:${e.tradeId}` });
  });
  socket.on('order:updated', invalidateOrders);
  socket.on('trade:evidence_requested', (e) => {
    if (e.request.userId === o.userId) {
      toast(text('bo.trade.evidenceToast'), { duration: REALTIME_TOAST_MS.tradeUpdated });
    }
    invalidateTrade(e.tradeId);
  });

  // Back online or back to the tab after the attempts ran out: try again.
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
    socket.removeAllListeners();
    socket.io.removeAllListeners('reconnect_failed');
  };
}
