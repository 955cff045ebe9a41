import type { Lang, ServerEventName, ServerEventPayload } from '@p2p/shared';
import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { reviveOnReturn, watchConnection } from './connection';
import { SERVER_EVENT_NAMES } from './contract';
import { REACTIONS } from './reactions';
import { createDispatcher, type Dispatcher, type FeatureReactions, type ReactionContext } from './registry';
import { serverEvents } from './server-events';
import type { AppSocket, ConnectionStatus } from './socket';

interface WireOptions {
  socket: AppSocket;
  queryClient: QueryClient;
  userId: string;
  /** The UI language at the moment an event arrives. */
  lang: () => Lang;
  openTrade: () => string | null;
  setStatus: (status: ConnectionStatus) => void;
  /** What the features do on server events; every feature's (./reactions.ts) unless given. */
  reactions?: readonly FeatureReactions[];
}

function notifyBrowser(title: string, body: string) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body });
  } catch {
    // some browsers allow notifications only from a service worker
  }
}

/**
 * Attaches connection handling and the dispatch of server events: the features' reactions
 * (toasts, refetches) first, then the screens subscribed with useSocketEvent. Returns the detacher.
 */
export function wireSocket(o: WireOptions): () => void {
  const { socket } = o;
  const { dispatch, connected } = createDispatcher(o.reactions ?? REACTIONS);
  const ctx: ReactionContext = {
    queryClient: o.queryClient,
    userId: o.userId,
    lang: o.lang,
    openTrade: o.openTrade,
    toast,
    notifyBrowser,
  };
  watchConnection({ socket, lang: o.lang, setStatus: o.setStatus, onConnect: () => connected(ctx) });
  for (const event of SERVER_EVENT_NAMES) listen(socket, event, ctx, dispatch);
  const unrevive = reviveOnReturn(socket);
  return () => {
    unrevive();
    socket.removeAllListeners();
    socket.io.removeAllListeners('reconnect_failed');
  };
}

function listen<E extends ServerEventName>(
  socket: AppSocket,
  event: E,
  ctx: ReactionContext,
  dispatch: Dispatcher['dispatch'],
): void {
  const listener = (payload: ServerEventPayload<E>) => {
    dispatch(event, payload, ctx);
    serverEvents.emit(event, payload);
  };
  // socket.io's typing cannot follow a generic event name; this is the listener of `event`.
  socket.on(event, listener as never);
}
