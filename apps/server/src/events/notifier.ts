import { randomUUID } from 'node:crypto';
import type { ServerEventName, ServerEventPayload } from '@p2p/shared';
import type { Executor } from '../db/client.ts';
import { type OutboxEvent, writeOutbox } from './outbox-store.ts';
import { type EventOf, type RealtimeEvent, realtimeEvent, userOfRoom } from './realtime-event.ts';

export type { EventRoom, RealtimeEvent } from './realtime-event.ts';
export { userOfRoom } from './realtime-event.ts';

/**
 * The event's row in the outbox (docs/decisions/041), when it was written in the transaction
 * that decided it, and the instant it was written with. Durable consumers key their effects by
 * `id`, so a second delivery of the event changes nothing.
 */
export interface OutboxRef {
  id: string;
  at: Date;
}

export type Deliver = (e: RealtimeEvent, outbox?: OutboxRef) => void;

export class Notifier {
  private readonly listeners = new Set<Deliver>();
  private readonly endListeners = new Set<(sessionIds: string[]) => void>();

  /** These sign-in sessions ended: their sockets must go, on every instance. */
  sessionsEnded(sessionIds: string[]): void {
    for (const listener of this.endListeners) {
      try {
        listener(sessionIds);
      } catch {
        // as with events: one broken listener must not stop the others
      }
    }
  }

  onSessionsEnded(listener: (sessionIds: string[]) => void): () => void {
    this.endListeners.add(listener);
    return () => this.endListeners.delete(listener);
  }

  /** Sends to every socket of these users. */
  toUsers<E extends ServerEventName>(
    userIds: Iterable<string>,
    event: E,
    payload: ServerEventPayload<E>,
  ): void {
    for (const id of new Set(userIds)) this.publish(realtimeEvent<E>({ room: `user:${id}`, event, payload }));
  }

  /** Sends to sockets that joined this trade's room (its parties, staff in a dispute). */
  toTrade<E extends ServerEventName>(tradeId: string, event: E, payload: ServerEventPayload<E>): void {
    this.publish(realtimeEvent<E>({ room: `trade:${tradeId}`, event, payload }));
  }

  subscribe(deliver: Deliver): () => void {
    this.listeners.add(deliver);
    return () => this.listeners.delete(deliver);
  }

  publish(e: RealtimeEvent, outbox?: OutboxRef): void {
    for (const deliver of this.listeners) {
      try {
        deliver(e, outbox);
      } catch {
        // one broken listener must not stop delivery to the others
      }
    }
  }
}

/** Whether an event has durable effects (inbox, bot, webhooks, auto-reply): those to a user. */
export const isDurable = (e: Pick<RealtimeEvent, 'room'>) => userOfRoom(e.room) !== null;

/**
 * Events decided inside a transaction and held back until it commits: create one before
 * `db.transaction(...)`, fill it inside, end the transaction with `writeTo(tx, now)` (the
 * events with durable effects become outbox rows in it: docs/decisions/041), call
 * `publishTo(ctx.notifier)` after the transaction resolved. A rolled-back transaction simply
 * never publishes, and its rows are gone with it. Typed by the shared contract.
 */
export class PendingEvents {
  private readonly events: RealtimeEvent[] = [];
  private readonly written = new Map<RealtimeEvent, OutboxRef>();

  toUsers<E extends ServerEventName>(userIds: Iterable<string>, event: E, payload: ServerEventPayload<E>) {
    for (const id of new Set(userIds)) this.push<E>({ room: `user:${id}`, event, payload });
  }

  /** To a trade's two parties, each event knowing its recipient's side (`recipientRole`). */
  toParties<E extends ServerEventName>(
    trade: { buyerId: string; sellerId: string },
    event: E,
    payload: ServerEventPayload<E>,
  ) {
    this.push<E>({ room: `user:${trade.buyerId}`, event, payload, recipientRole: 'buyer' });
    this.push<E>({ room: `user:${trade.sellerId}`, event, payload, recipientRole: 'seller' });
  }

  toTrade<E extends ServerEventName>(tradeId: string, event: E, payload: ServerEventPayload<E>) {
    this.push<E>({ room: `trade:${tradeId}`, event, payload });
  }

  /** To every connected socket, signed in or not. */
  toMarket<E extends ServerEventName>(event: E, payload: ServerEventPayload<E>) {
    this.push<E>({ room: 'market', event, payload });
  }

  private push<E extends ServerEventName>(e: EventOf<E>): void {
    this.events.push(realtimeEvent(e));
  }

  get size(): number {
    return this.events.length;
  }

  /**
   * Writes the events not yet written that have durable effects into the outbox, with `tx` (the
   * transaction that decided them), in one statement; none, no statement. Call it last in the
   * transaction: events added after it are published without a row (delivered once, at best).
   */
  async writeTo(tx: Executor, at: Date): Promise<void> {
    await writeOutbox(tx, this.takeUnwritten(at));
  }

  /**
   * The events not yet written that have durable effects, as outbox rows decided at `at`, now
   * counted as written: the caller writes them in its transaction's last statement, with a read
   * (`outboxCtes`, events/outbox-store.ts).
   */
  takeUnwritten(at: Date): OutboxEvent[] {
    return this.events
      .filter((e) => isDurable(e) && !this.written.has(e))
      .map((e) => {
        const ref = { id: randomUUID(), at };
        this.written.set(e, ref);
        return { ...e, ...ref };
      });
  }

  publishTo(notifier: Notifier): void {
    for (const e of this.events.splice(0)) notifier.publish(e, this.written.get(e));
    this.written.clear();
  }
}
