import { isWebhookEvent, webhookBody } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { DeliveredEvent, OutboxRelay } from '../../events/outbox-relay.ts';
import { enqueueDeliveries, type OutboxEvent } from './webhooks.repository.ts';

/**
 * Webhook deliveries of events published without an outbox row. An event written to the outbox
 * has its deliveries written by the same statement, in the transaction that decided it
 * (events/outbox-store.ts, docs/decisions/049); one published outside such a transaction has
 * none, and this consumer of the outbox's relay writes them after the answer: one row per event
 * and subscribed webhook, with the body of `webhookBody` (@p2p/shared), sent and retried by the
 * delivery worker of any instance. UNIQUE (webhook_id, event_id) keeps a repeated event's rows
 * single.
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
      if (!e.rowless || !isWebhookEvent(e.event)) continue;
      const body = webhookBody(e);
      if (body === null) continue;
      batch.push({ userId: e.room.slice('user:'.length), eventId: e.id, eventType: e.event, body, at: e.at });
    }
    return enqueueDeliveries(this.ctx.db, batch);
  }
}
