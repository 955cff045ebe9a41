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
 * Turns the post-commit events addressed to a user (events/notifier.ts) into webhook
 * deliveries: one outbox row per event and subscribed webhook, written off the request path
 * (after its answer, one statement for all of a request's events), then sent and retried by
 * the delivery worker of any instance. The body is fixed here, `{ id, type, createdAt, data }`
 * with `data` the event's own payload, so every attempt sends the same bytes.
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
    const body = JSON.stringify({ id: eventId, type: e.event, createdAt: at.toISOString(), data: e.payload });
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
