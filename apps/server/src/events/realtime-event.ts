import type { ServerEventName, ServerEventPayload } from '@p2p/shared';

/** Where an event goes. `market`: every connected socket (the public book changed for everyone). */
export type EventRoom = `user:${string}` | `trade:${string}` | 'market';

/** An event of the shared map (`ServerEventPayloads`): its name, room and typed payload. */
export interface EventOf<E extends ServerEventName> {
  room: EventRoom;
  event: E;
  payload: ServerEventPayload<E>;
  /**
   * Server-side only (never sent to sockets): the recipient's side in the trade the event is
   * about, when the publisher knew it, so listeners need not read the trade to learn it.
   */
  recipientRole?: 'buyer' | 'seller';
}

type RealtimeEvents = { [E in ServerEventName]: EventOf<E> };

/**
 * Where services announce what happened, after their transaction committed. The Socket.IO
 * server (realtime.ts) delivers to rooms `user:{id}` and `trade:{id}`; without it (tests,
 * CLI) events are only recorded for whoever listens. One member per name of the shared event
 * map (packages/shared/src/socket-events.ts): a listener that switches on `event` has the
 * payload's type, and a publisher cannot pair a name with another name's payload.
 */
export type RealtimeEvent<E extends ServerEventName = ServerEventName> = RealtimeEvents[E];

/**
 * An event of one name as a member of the union. Its callers are generic in `E`, so the name and
 * the payload were checked together where they were written; TypeScript cannot follow such a
 * pair into the union it is a member of (a correlated union), so that is said once, here.
 */
export function realtimeEvent<E extends ServerEventName>(e: EventOf<E>): RealtimeEvent {
  return e as RealtimeEvent<E>;
}

/** The user a `user:{id}` room belongs to; null for trade and market rooms. */
export function userOfRoom(room: EventRoom): string | null {
  const at = room.indexOf(':');
  return room.slice(0, at) === 'user' ? room.slice(at + 1) : null;
}
