import { WEBHOOK_EVENTS, type WebhookEvent } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { DeliveredEvent, OutboxRelay } from '../../events/outbox-relay.ts';
import { enqueueDeliveries, type OutboxEvent } from './webhooks.repository.ts';

/** An event a webhook may subscribe to (docs/api.md), as the outbox delivers it. */
type WebhookDelivered = Extract<DeliveredEvent, { event: WebhookEvent }>;

const EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);
const isWebhookEvent = (e: DeliveredEvent): e is WebhookDelivered => EVENTS.has(e.event);

/**
 * What a webhook is told of an event: its socket payload, except that `trade:message` carries
 * no words (docs/decisions/036). People write card numbers in a trade's chat; a webhook sends
 * to any address its creator chose, through the receiver's logs, so it says that a message came
 * and which, and a program that needs the text reads it with a signed request (`GET
 * /trades/{id}/messages`, a read key).
 */
function webhookData(e: WebhookDelivered): object {
  if (e.event !== 'trade:message') return e.payload;
  const { tradeId, messageId, senderName, fromModerator } = e.payload;
  return { tradeId, messageId, senderName, ...(fromModerator === undefined ? {} : { fromModerator }) };
}

/**
 * Turns the events addressed to a user (events/notifier.ts) into webhook deliveries: one row per
 * event and subscribed webhook, written by the outbox's relay after the commit (one statement
 * for a request's events, docs/decisions/041), then sent and retried by the delivery worker of
 * any instance. The event id is the event's outbox row id, so an event delivered twice to this
 * consumer writes its rows once (UNIQUE (webhook_id, event_id)). The body is fixed here,
 * `{ id, type, createdAt, data }` with `data` the event's own payload (a chat line's without
 * its words), so every attempt sends the same bytes.
 */
export class WebhookOutbox {
  private readonly stop: () => void;

  constructor(
    private readonly ctx: Needs<'db'>,
    private readonly relay: OutboxRelay,
  ) {
    this.stop = relay.consume((events) => this.write(events));
  }

  /** Resolves once every event received so far is in the outbox (tests). */
  idle(): Promise<void> {
    return this.relay.idle();
  }

  close(): void {
    this.stop();
  }

  private write(events: readonly DeliveredEvent[]): Promise<void> {
    const batch: OutboxEvent[] = [];
    for (const e of events) {
      if (!isWebhookEvent(e)) continue;
      const data = webhookData(e);
      const body = JSON.stringify({ id: e.id, type: e.event, createdAt: e.at.toISOString(), data });
      batch.push({ userId: e.room.slice('user:'.length), eventId: e.id, eventType: e.event, body, at: e.at });
    }
    return enqueueDeliveries(this.ctx.db, batch);
  }
}
