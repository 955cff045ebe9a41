import type { ServerEventName, ServerEventPayload } from '@p2p/shared';

type Listener<E extends ServerEventName> = (payload: ServerEventPayload<E>) => void;
type Listeners = { [E in ServerEventName]?: Set<Listener<E>> };

const listeners: Listeners = {};

/**
 * The server events of the user's socket, for screens: fed by the dispatcher of ./wire.ts
 * after the features' reactions ran (a toast shows before the screen refetches).
 */
export const serverEvents = {
  /** Calls `listener` on every `event` until the returned function is called. */
  on<E extends ServerEventName>(event: E, listener: Listener<E>): () => void {
    const set: Set<Listener<E>> = listeners[event] ?? new Set();
    listeners[event] = set as Listeners[E];
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
  emit<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>): void {
    for (const listener of [...(listeners[event] ?? [])]) listener(payload);
  },
};
