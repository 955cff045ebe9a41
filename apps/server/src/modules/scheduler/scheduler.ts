import type { Registry } from 'prom-client';
import type { Needs } from '../../context.ts';
import { PollingLoop } from '../../lib/polling-loop.ts';
import { ScheduledItemError } from '../../lib/scheduled-item.ts';
import type { RemindersService } from '../notifications/index.ts';
import { hideOrdersOfAbsentOwners, type OrdersService } from '../orders/index.ts';
import type { ReservesService } from '../reserves/index.ts';
import type { TradesService } from '../trades/index.ts';
import { schedulerFailureCounter } from './scheduler-metrics.ts';

/** At most this many items per job per tick (done or failed), so one tick never runs unbounded. */
const BATCH = 100;

export type SchedulerJob =
  | 'payment_expiry'
  | 'auto_release'
  | 'order_expiry'
  | 'remind_payment_due'
  | 'remind_auto_release'
  | 'remind_evidence_due'
  | 'remind_dispute_sla';

export interface SchedulerLog {
  error(obj: object, msg: string): void;
}

/** The services whose due items the jobs run (the reminders' inbox carries the bot as a sink). */
export interface SchedulerServices {
  trades: TradesService;
  orders: OrdersService;
  reminders: RemindersService;
}

export interface SchedulerOptions {
  /** Where a failed item is reported (the app's logger in production). */
  log?: SchedulerLog;
  /** Registry for `scheduler_item_failures_total` (the app's /metrics registry). */
  registry?: Registry;
  /**
   * Proof of reserves (docs/decisions/039): a snapshot once the latest is POR_SNAPSHOT_HOURS
   * old, looked at most once a minute. None without it.
   */
  reserves?: ReservesService;
}

export interface TickResult {
  expired: number;
  released: number;
  ordersExpired: number;
  /**
   * Deadlines reminded (docs/decisions/030): sent, or, rarely, found sent by another instance or
   * no longer due once locked.
   */
  reminded: number;
  /** Items (or claims) that failed this tick; they are tried again on the next one. */
  failed: number;
}

const silent: SchedulerLog = { error: () => {} };

/**
 * Timers of the money core: payment-deadline expiry, auto-release, order expiry; the reminders
 * before deadlines (docs/decisions/030), after the expiries of the same tick; and, once a
 * tick, the orders of owners away past their window leave the book (docs/decisions/028). Runs in
 * every instance; each item is claimed with FOR UPDATE SKIP LOCKED in its own transaction,
 * so any number of instances is safe. Time comes from the context clock.
 *
 * One item that cannot be processed never stalls the others: its transaction rolls back, it
 * is counted and logged, and the job goes on to the next due item without claiming the failed
 * one again in the same tick. The three jobs run independently of each other's failures.
 */
export class Scheduler {
  private loop: PollingLoop | null = null;
  private readonly jobs: {
    name: SchedulerJob;
    runOne: (now: Date, skip: string[]) => Promise<boolean>;
  }[];
  private readonly log: SchedulerLog;
  private readonly failures: ReturnType<typeof schedulerFailureCounter>;
  private readonly reserves: ReservesService | null;
  private nextSnapshotLook = 0;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'bookCache'>,
    { trades, orders, reminders }: SchedulerServices,
    options: SchedulerOptions = {},
  ) {
    this.log = options.log ?? silent;
    this.reserves = options.reserves ?? null;
    this.failures = schedulerFailureCounter(options.registry);
    this.jobs = [
      { name: 'payment_expiry', runOne: (now, skip) => trades.runDue('payment', now, skip) },
      { name: 'auto_release', runOne: (now, skip) => trades.runDue('release', now, skip) },
      { name: 'order_expiry', runOne: (now, skip) => orders.expireOne(now, skip) },
      { name: 'remind_payment_due', runOne: (now, skip) => reminders.runOne('payment_due', now, skip) },
      { name: 'remind_auto_release', runOne: (now, skip) => reminders.runOne('auto_release', now, skip) },
      { name: 'remind_evidence_due', runOne: (now, skip) => reminders.runOne('evidence_due', now, skip) },
      { name: 'remind_dispute_sla', runOne: (now, skip) => reminders.runOne('dispute_sla', now, skip) },
    ];
  }

  /** One pass over all jobs at the current time; says how many items each job processed. */
  async tick(): Promise<TickResult> {
    const now = this.ctx.clock.now();
    const done = Object.fromEntries(this.jobs.map((j) => [j.name, 0])) as Record<SchedulerJob, number>;
    let failed = 0;
    for (const job of this.jobs) {
      const result = await this.drain(job, now);
      done[job.name] = result.done;
      failed += result.failed;
    }
    failed += await this.hideAbsentOwners(now);
    failed += await this.snapshotReservesIfDue(now);
    return {
      expired: done.payment_expiry,
      released: done.auto_release,
      ordersExpired: done.order_expiry,
      reminded:
        done.remind_payment_due +
        done.remind_auto_release +
        done.remind_evidence_due +
        done.remind_dispute_sla,
      failed,
    };
  }

  /**
   * Orders of owners away past their window leave the book (docs/decisions/028): one statement
   * for all of them, which any number of instances may run (it changes only what is not yet
   * marked). Returns 1 when it failed (counted as a failed item), else 0.
   */
  private async hideAbsentOwners(now: Date): Promise<number> {
    try {
      await hideOrdersOfAbsentOwners(this.ctx, now);
      return 0;
    } catch (error) {
      this.failures.inc({ job: 'owners_away' });
      this.log.error({ err: error, job: 'owners_away' }, 'scheduler: owners_away could not run');
      return 1;
    }
  }

  /**
   * A proof-of-reserves snapshot when the latest is POR_SNAPSHOT_HOURS old (the service decides,
   * under its lock, so instances never take two). Returns 1 when it failed, else 0.
   */
  private async snapshotReservesIfDue(now: Date): Promise<number> {
    if (!this.reserves || this.ctx.config.porSnapshotMs <= 0 || now.getTime() < this.nextSnapshotLook)
      return 0;
    this.nextSnapshotLook = now.getTime() + 60_000;
    try {
      await this.reserves.takeSnapshot('schedule');
      return 0;
    } catch (error) {
      this.failures.inc({ job: 'reserves_snapshot' });
      this.log.error({ err: error, job: 'reserves_snapshot' }, 'scheduler: reserves_snapshot could not run');
      return 1;
    }
  }

  private async drain(job: (typeof this.jobs)[number], now: Date) {
    const skip: string[] = [];
    let done = 0;
    let failed = 0;
    while (done + failed < BATCH) {
      try {
        if (!(await job.runOne(now, skip))) break;
        done++;
      } catch (error) {
        failed++;
        this.failures.inc({ job: job.name });
        if (error instanceof ScheduledItemError) {
          skip.push(error.itemId);
          this.log.error(
            { err: error.cause, job: job.name, itemId: error.itemId },
            `scheduler: ${job.name} of ${error.itemId} failed; passed over until the next tick`,
          );
          continue;
        }
        // The claim itself failed (database unreachable): this job waits for the next tick.
        this.log.error({ err: error, job: job.name }, `scheduler: ${job.name} could not claim work`);
        break;
      }
    }
    return { done, failed };
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    this.loop = new PollingLoop(() => this.tick(), onError);
    this.loop.start(intervalMs);
  }

  /** Stops scheduling and waits for a tick in flight. */
  async stop(): Promise<void> {
    await this.loop?.stop();
  }
}
