import type { Lang, ServerEventName, ServerEventPayload } from '@p2p/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { toast } from '@/components/ui/toast';

/** What a feature's reaction to a server event may use. */
export interface ReactionContext {
  queryClient: QueryClient;
  /** The signed-in user. */
  userId: string;
  /** The UI language at the moment the event arrives. */
  lang: () => Lang;
  /** The trade whose page is open, if any. */
  openTrade: () => string | null;
  toast: typeof toast;
  /** A system notification, when the user allowed them. */
  notifyBrowser: (title: string, body: string) => void;
}

export type ServerEventHandler<E extends ServerEventName> = (
  payload: ServerEventPayload<E>,
  ctx: ReactionContext,
) => void;

type EventReactions = { readonly [E in ServerEventName]?: ServerEventHandler<E> };

/**
 * What one feature does on server events: refetch its own queries, show its own toasts.
 * Declared in `features/<feature>/realtime.ts`, composed in ./reactions.ts.
 */
export type FeatureReactions = EventReactions & {
  /**
   * The socket connected: the first time, or again after a loss. Whatever changed before reached
   * no one, so screens kept live by the user's events refetch. The first connection opens after
   * the first paint (docs/decisions/048), after the screen's first fetch.
   */
  readonly connected?: (ctx: ReactionContext) => void;
};

export interface Dispatcher {
  /** Runs every feature's handler of `event`, in the order of the list; an unknown event runs none. */
  dispatch<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>, ctx: ReactionContext): void;
  connected(ctx: ReactionContext): void;
}

export function createDispatcher(reactions: readonly FeatureReactions[]): Dispatcher {
  return {
    dispatch(event, payload, ctx) {
      for (const feature of reactions) handlerOf(feature, event)?.(payload, ctx);
    },
    connected(ctx) {
      for (const feature of reactions) feature.connected?.(ctx);
    },
  };
}

function handlerOf<E extends ServerEventName>(
  feature: EventReactions,
  event: E,
): ServerEventHandler<E> | undefined {
  return feature[event];
}
