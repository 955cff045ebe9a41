import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { DeferredJobs } from '../lib/deferred-jobs.ts';
import { isDurable, type Notifier, type OutboxRef, type RealtimeEvent } from './notifier.ts';
import {
  claimStale,
  forgetDelivered,
  holdUntil,
  type OutboxEvent,
  pruneSetAside,
  setAside,
} from './outbox-store.ts';
import { onlyRetryLater, retryLaterOf } from './retry-later.ts';

/**
 * A consumer that makes durable effects of events (an inbox entry, a webhook delivery row, a
 * bot message, the auto-reply line): idempotent by `event.id`, since an event may come twice
 * (its first delivery's instance died before marking it done). It receives a batch (one
 * request's events, several under load, or a dispatcher pass) and throws when any effect
 * failed: the batch stays due and comes again. Effects that wait on the outside world (a bot
 * message's send) may be answered apart as `settled`: the next batch does not wait for them,
 * the batch is marked done only after them, and their failure counts as the batch's.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a consumer with nothing left to settle is a plain async function (Promise<void>)
export type DurableConsumer = (events: readonly DeliveredEvent[]) => Promise<void | Settling>;

/** What a consumer still does for a batch after answering: the batch is done once it is. */
export interface Settling {
  settled: Promise<void>;
}

/**
 * An outbox event as consumers get it: one member per name of the shared event map, so a
 * consumer that switches on `event` has the payload's type. `rowless`: published without an
 * outbox row (outside a `PendingEvents` transaction), so nothing the outbox's own statement
 * writes was written for it (its webhook deliveries: docs/decisions/049).
 */
export type DeliveredEvent = OutboxEvent & { rowless?: true };

export interface RelayLog {
  error(obj: object, msg: string): void;
}

/** How the dispatcher passes go: how stale an event must be, how many per pass, for how long. */
export const REDELIVERY = {
  /** An event younger than this is its own instance's to deliver (the fast path). */
  graceMs: 2_000,
  batch: 100,
  leaseMs: 60_000,
  /** After this many passes an event is given up (logged), so one poison row never clogs. */
  maxAttempts: 20,
  /** Rows set aside (refused, given up) are forgotten after a day; delivered ones at once. */
  keepSetAsideMs: 24 * 3_600_000,
} as const;

/**
 * How long the fast path gathers events before it delivers them, by default (docs/decisions/061
 * and 062; OUTBOX_GATHER_MS): the first event of a batch waits this long for others (other
 * requests'), so under load a batch's statements (the feed's read and insert, the done mark)
 * serve many requests instead of one: at 300 actions a second, fifteen. The sockets do not wait:
 * they hear the notifier at once.
 */
export const GATHER_MS = 50;

/**
 * Delivers the outbox (docs/decisions/041-transactional-outbox.md). The fast path: each event a
 * request published after its commit goes to the durable consumers once the response is out,
 * a request's events together, and their rows are deleted in one statement. The sockets
 * are not this class's: they hear the notifier at once, so their latency does not change. The
 * slow path (`redeliver`, run every second by every instance): events still not done a few
 * seconds after their commit are claimed and given to the consumers again.
 */
export class OutboxRelay {
  private readonly consumers = new Set<DurableConsumer>();
  private readonly jobs = new DeferredJobs();
  private readonly unsubscribe: () => void;
  private pending: { event: DeliveredEvent; written: boolean }[] = [];
  /** When the oldest pending event came (ms, monotonic). */
  private pendingSince = 0;
  private delivering = false;
  /** Holds (`hold`) not yet released: no batch starts while any is. */
  private holds = 0;
  /** Batches the consumers answered, still settling (a bot's send) or being marked done. */
  private readonly settling = new Set<Promise<void>>();
  private readonly marks: DoneMarks;
  private readonly log: RelayLog;
  /** The gathering window, ms (GATHER_MS unless the instance says). */
  private readonly gatherMs: number;

  constructor(
    private readonly db: Db,
    notifier: Notifier,
    private readonly clock: Clock,
    { log, gatherMs = GATHER_MS }: { log: RelayLog; gatherMs?: number },
  ) {
    this.log = log;
    this.gatherMs = gatherMs;
    this.unsubscribe = notifier.subscribe((e, outbox) => this.accept(e, outbox));
    this.marks = new DoneMarks(db);
  }

  /** Adds a durable consumer (returns its removal). */
  consume(consumer: DurableConsumer): () => void {
    this.consumers.add(consumer);
    return () => this.consumers.delete(consumer);
  }

  /** Resolves once every event received so far went through the consumers (tests, shutdown). */
  async idle(): Promise<void> {
    while (true) {
      await this.jobs.idle();
      if (this.settling.size === 0) return;
      await Promise.allSettled([...this.settling]);
    }
  }

  close(): void {
    this.unsubscribe();
  }

  /**
   * No batch starts on the fast path until the returned release is called (tests that count a
   * request's own statements apart from its deliveries); what came meanwhile goes then.
   */
  hold(): () => void {
    this.holds++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      if (this.holds === 0 && this.pending.length > 0) this.schedule();
    };
  }

  private accept(e: RealtimeEvent, outbox: OutboxRef | undefined): void {
    if (!isDurable(e)) return;
    // An event published without a row (outside a PendingEvents transaction) still reaches the
    // consumers, once, with an id of its own.
    const event: DeliveredEvent = outbox
      ? { ...e, id: outbox.id, at: outbox.at }
      : { ...e, id: randomUUID(), at: this.clock.now(), rowless: true };
    this.pending.push({ event, written: outbox !== undefined });
    // The first event of a batch schedules its delivery, after the request's answer and the
    // gathering window; the events published until then (the rest of the request's, and other
    // requests') ride along.
    if (this.pending.length > 1) return;
    this.pendingSince = performance.now();
    if (this.holds === 0) this.schedule();
  }

  /** Milliseconds until the pending batch's gathering window is over. */
  private windowLeft(): number {
    return this.pendingSince + this.gatherMs - performance.now();
  }

  private schedule(): void {
    this.jobs.run(
      () => this.drain(),
      (error) => this.log.error({ err: error }, 'outbox delivery failed; the dispatcher retries it'),
    );
  }

  /**
   * Delivers what is pending, one batch at a time: while a batch is with the consumers, the
   * events published meanwhile (other requests') wait and go together in the next one. Alone,
   * a request's events go at once; under load, many requests' events share each consumer's
   * statements (the feed reads their trades and stores their notifications in one each, one
   * mark makes them done). A batch that fails is logged and left to the dispatcher; the next
   * one goes on.
   */
  private async drain(): Promise<void> {
    if (this.delivering) return; // the running drain takes them when its batch is done
    this.delivering = true;
    const failed = (error: unknown) =>
      this.log.error({ err: error }, 'outbox delivery failed; the dispatcher retries it');
    try {
      while (this.pending.length && this.holds === 0) {
        // A timer may fire up to a millisecond early (it counts whole milliseconds): waited again.
        for (let wait = this.windowLeft(); wait > 0; wait = this.windowLeft())
          await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
        const batch = this.pending.splice(0, REDELIVERY.batch);
        // What stays behind (past a full batch) has waited its window: it goes next, at once.
        this.pendingSince = performance.now() - this.gatherMs;
        // The next batch goes once the consumers answered this one; what they still wait for
        // (a bot's send) settles, and the batch is marked done, beside it.
        const started = await this.start(
          batch.map((b) => b.event),
          batch.filter((b) => b.written).map((b) => b.event.id),
        );
        const settling: Promise<void> = started.finishing
          .catch(failed)
          .finally(() => this.settling.delete(settling));
        this.settling.add(settling);
      }
    } finally {
      this.delivering = false;
    }
  }

  /** Gives the batch to every consumer and waits for all of it (a dispatcher pass). */
  private async deliver(events: DeliveredEvent[], written: string[]): Promise<void> {
    await (await this.start(events, written)).finishing;
  }

  /**
   * Gives the batch to every consumer; once they answered, resolves with the rest: their
   * settling, then the written events marked done (when all succeeded). A consumer's "not yet"
   * (`RetryLater`) leaves them due at the instant it names; any other failure is thrown, and the
   * dispatcher claims them again.
   */
  private async start(events: DeliveredEvent[], written: string[]): Promise<{ finishing: Promise<void> }> {
    // Done means the consumers made their effects: with none (removed at a shutdown) the batch
    // stays due, for the dispatcher of this instance's successor or of another.
    if (this.consumers.size === 0) throw new Error('the outbox has no consumer to deliver to');
    const answered = await Promise.allSettled([...this.consumers].map((consume) => consume(events)));
    const finish = async () => {
      const results = await Promise.allSettled(
        answered.map((r) => (r.status === 'rejected' ? Promise.reject(r.reason) : r.value?.settled)),
      );
      await this.finish(results, written);
    };
    return { finishing: finish() };
  }

  private async finish(results: PromiseSettledResult<unknown>[], written: string[]): Promise<void> {
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failures.length === 0) return this.marks.mark(written);
    const at = retryLaterOf(new AggregateError(failures));
    if (at) await holdUntil(this.db, written, at);
    const failed = failures.find((f) => !onlyRetryLater(f));
    if (failed !== undefined) throw failed;
  }

  /**
   * One dispatcher pass: claims the events not done `graceMs` after their commit (their instance
   * died, or a consumer failed), delivers them again and forgets them; forgets rows set aside a
   * day ago. Answers how many events it delivered.
   */
  async redeliver(now: Date = this.clock.now()): Promise<number> {
    const { events: claimed, refused } = await claimStale(this.db, {
      before: new Date(now.getTime() - REDELIVERY.graceMs),
      now,
      leaseUntil: new Date(now.getTime() + REDELIVERY.leaseMs),
      limit: REDELIVERY.batch,
    });
    // A row the event map refuses would fail the same way on every pass: it is set aside at
    // once, logged with its reason, and no consumer ever sees it.
    if (refused.length) {
      this.log.error({ refused }, 'outbox events refused by the event map; set aside');
      await setAside(
        this.db,
        refused.map((r) => r.id),
        now,
      );
    }
    const givenUp = claimed.filter((e) => e.attempts > REDELIVERY.maxAttempts);
    if (givenUp.length) {
      this.log.error({ ids: givenUp.map((e) => e.id) }, 'outbox events given up after every attempt failed');
      await setAside(
        this.db,
        givenUp.map((e) => e.id),
        now,
      );
    }
    const due = claimed.filter((e) => e.attempts <= REDELIVERY.maxAttempts);
    if (due.length)
      await this.deliver(
        due,
        due.map((e) => e.id),
      );
    await pruneSetAside(this.db, new Date(now.getTime() - REDELIVERY.keepSetAsideMs), 1_000);
    return due.length;
  }
}

/**
 * The fast path's "done" marks (the delivered rows deleted), coalesced: one statement at a time,
 * and the marks asked for while it runs go together in the next one. Alone, a delivery's mark is
 * written at once; under load, the deliveries that finish during one mark share the next (one
 * statement for many requests instead of one each). A mark resolves once its own statement has
 * committed, so a delivery, and `idle()`, still end with their rows gone.
 */
export class DoneMarks {
  private waiting: string[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  mark(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return Promise.resolve();
    this.waiting.push(...ids);
    const marked = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.next();
    return marked;
  }

  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    const ids = this.waiting;
    const waiters = this.waiters;
    this.waiting = [];
    this.waiters = [];
    this.running = true;
    forgetDelivered(this.db, ids)
      .then(
        () => {
          for (const w of waiters) w.resolve();
        },
        (error: unknown) => {
          for (const w of waiters) w.reject(error);
        },
      )
      .finally(() => {
        this.running = false;
        this.next();
      });
  }
}
