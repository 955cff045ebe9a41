import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import type { RealtimeEvent } from '../../events/notifier.ts';
import { DeferredJobs } from '../../lib/after-response.ts';
import { enqueueDeliveries, type OutboxEvent } from './webhooks.repository.ts';

export interface OutboxLog {
  error(obj: object, msg: string): void;
}

const EVENTS: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);

/**
 * What a webhook is told of an event: its socket payload, except that `trade:message` carries
 * no words (docs/decisions/036). People write card numbers in a trade's chat; a webhook sends
 * to any address its creator chose, through the receiver's logs, so it says that a message came
 * and which, and a program that needs the text reads it with a signed request (`GET
 * /trades/{id}/messages`, a read key).
 */
function webhookData(event: string, payload: unknown): unknown {
  if (event !== 'trade:message') return payload;
  const { tradeId, messageId, senderName, fromModerator } = payload as Record<string, unknown>;
  return { tradeId, messageId, senderName, ...(fromModerator === undefined ? {} : { fromModerator }) };
}

/**
 * Turns the post-commit events addressed to a user (events/notifier.ts) into webhook
 * deliveries: one outbox row per event and subscribed webhook, written off the request path
 * (after its answer, one statement for all of a request's events), then sent and retried by
 * the delivery worker of any instance. The body is fixed here, `{ id, type, createdAt, data }`
 * with `data` the event's own payload (a chat line's without its words), so every attempt
 * sends the same bytes.
 */
export class WebhookOutbox {
  private readonly jobs = new DeferredJobs();
  private readonly unsubscribe: () => void;
  /** Events waiting for the batch's write: a request's events cost one statement together. */
  private pending: OutboxEvent[] = [];

  constructor(
    private readonly ctx: AppContext,
    private readonly log: OutboxLog,
  ) {
    this.unsubscribe = ctx.notifier.subscribe((e) => this.accept(e));
  }

  /** Resolves once every event received so far is in the outbox (tests). */
  idle(): Promise<void> {
    return this.jobs.idle();
  }

  close(): void {
    this.unsubscribe();
  }

  private accept(e: RealtimeEvent): void {
    if (!e.room.startsWith('user:') || !EVENTS.has(e.event)) return;
    const at = this.ctx.clock.now();
    const eventId = randomUUID();
    const data = webhookData(e.event, e.payload);
    const body = JSON.stringify({ id: eventId, type: e.event, createdAt: at.toISOString(), data });
    this.pending.push({ userId: e.room.slice('user:'.length), eventId, eventType: e.event, body, at });
    // The first event of a batch schedules its write, after the request's answer; the events
    // published until then (the rest of the request's) ride along.
    if (this.pending.length > 1) return;
    this.jobs.run(
      () => {
        const batch = this.pending;
        this.pending = [];
        return enqueueDeliveries(this.ctx.db, batch);
      },
      (error) => this.log.error({ err: error }, 'webhook outbox failed'),
    );
  }
}
