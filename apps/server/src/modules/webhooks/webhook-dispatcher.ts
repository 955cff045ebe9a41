import type { Needs } from '../../context.ts';
import { PollingLoop } from '../../lib/polling-loop.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { merchantSecretBox, signWebhook } from '../api-keys/index.ts';
import { deliveryTarget, type HostLookup, postPinned, systemLookup } from './webhook-target.ts';
import {
  type ClaimedDelivery,
  claimDueDeliveries,
  type DeliveryOutcome,
  recordAttempt,
} from './webhooks.repository.ts';

/** An endpoint has this long to answer an attempt. */
export const DELIVERY_TIMEOUT_MS = 5_000;
/** A delivery is retried until this long after its event, then marked failed. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** A claimed delivery whose outcome was never recorded (the instance died) is due again after this. */
const LEASE_MS = 60_000;
/** Deliveries claimed and sent at once in one pass. */
const BATCH = 20;

/** Exponential backoff after the n-th failed attempt: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000);
}

export interface DispatcherLog {
  error(obj: object, msg: string): void;
}

export interface DispatchResult {
  delivered: number;
  retrying: number;
  failed: number;
}

/**
 * What an attempt came to, as its owner sees it: delivered, an error (another status, a refused
 * or reset connection, an address that may not be connected to) or a timeout. Never the
 * network's own words, which would map what lies behind an address (docs/decisions/036).
 */
interface AttemptOutcome {
  statusCode: number | null;
  outcome: DeliveryOutcome;
}

/**
 * Sends the webhook outbox (docs/api.md, "Webhooks"). Runs in every instance; each pass claims
 * due rows with FOR UPDATE SKIP LOCKED in a short transaction, then POSTs each body with its
 * `X-Signature` outside any transaction, to the address its host resolves to now, checked and
 * pinned (webhook-target.ts). A 2xx answer delivers; anything else (another status, a timeout,
 * a refused connection, a redirect, a special-purpose address) is retried with exponential
 * backoff until 24 h after the event, the last attempt at that mark, then the delivery is
 * marked failed. Time comes from the context clock, so tests move it.
 */
export class WebhookDispatcher {
  private readonly loop: PollingLoop;
  private readonly box: SecretBox;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock'>,
    log: DispatcherLog = { error: () => {} },
    /** How host names are resolved (tests pass their own). */
    private readonly lookup: HostLookup = systemLookup,
  ) {
    this.box = merchantSecretBox(ctx);
    this.loop = new PollingLoop(
      () => this.tick(),
      (error) => log.error({ err: error }, 'webhook delivery pass failed'),
    );
  }

  /** One pass: claims and sends due deliveries until none is left (or a batch's worth of passes). */
  async tick(): Promise<DispatchResult> {
    const result: DispatchResult = { delivered: 0, retrying: 0, failed: 0 };
    for (let pass = 0; pass < 10; pass++) {
      const now = this.ctx.clock.now();
      const claimed = await this.ctx.db.transaction((tx) =>
        claimDueDeliveries(tx, { now, leaseUntil: new Date(now.getTime() + LEASE_MS), limit: BATCH }),
      );
      if (claimed.length === 0) break;
      const outcomes = await Promise.all(claimed.map((d) => this.attempt(d)));
      for (const status of outcomes) result[status]++;
      if (claimed.length < BATCH) break;
    }
    return result;
  }

  private async attempt(delivery: ClaimedDelivery): Promise<keyof DispatchResult> {
    const outcome = await this.send(delivery);
    const now = this.ctx.clock.now();
    if (outcome.outcome === 'delivered') {
      await recordAttempt(this.ctx.db, delivery.id, {
        ...outcome,
        status: 'delivered',
        nextAttemptAt: now,
        deliveredAt: now,
      });
      return 'delivered';
    }
    const deadline = delivery.createdAt.getTime() + GIVE_UP_AFTER_MS;
    if (now.getTime() >= deadline) {
      await recordAttempt(this.ctx.db, delivery.id, {
        ...outcome,
        status: 'failed',
        nextAttemptAt: now,
        deliveredAt: null,
      });
      return 'failed';
    }
    const next = new Date(Math.min(now.getTime() + retryDelayMs(delivery.attempts), deadline));
    await recordAttempt(this.ctx.db, delivery.id, {
      ...outcome,
      status: 'pending',
      nextAttemptAt: next,
      deliveredAt: null,
    });
    return 'retrying';
  }

  private async send(delivery: ClaimedDelivery): Promise<AttemptOutcome> {
    // One deadline for the whole attempt: resolving the name, connecting, and the answer's head.
    const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
    try {
      const url = new URL(delivery.url);
      const target = await untilAborted(deliveryTarget(url, this.ctx.config.env, this.lookup), signal);
      if (!target) return { statusCode: null, outcome: 'error' };
      const secret = this.box.open(delivery.secretSealed, delivery.webhookId);
      const now = Math.floor(this.ctx.clock.now().getTime() / 1000);
      const statusCode = await postPinned(url, target, {
        headers: {
          'content-type': 'application/json',
          'user-agent': 'p2p-market-webhooks/1',
          'x-signature': signWebhook(secret, now, delivery.body),
          'x-webhook-id': delivery.webhookId,
          'x-event-id': delivery.eventId,
          'x-event-type': delivery.eventType,
        },
        body: delivery.body,
        signal,
      });
      // A redirect is not followed (it could point anywhere): it counts as a failed attempt.
      const delivered = statusCode >= 200 && statusCode < 300;
      return { statusCode, outcome: delivered ? 'delivered' : 'error' };
    } catch {
      return { statusCode: null, outcome: signal.aborted ? 'timeout' : 'error' };
    }
  }

  start(intervalMs: number): void {
    this.loop.start(intervalMs);
  }

  /** Stops scheduling and waits for a pass in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }
}

/** `work`, or a rejection once `signal` aborts (a DNS lookup cannot be cancelled, only left). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
