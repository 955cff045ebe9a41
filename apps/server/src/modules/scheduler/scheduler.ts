import type { AppContext } from '../../context.ts';
import { OrdersService } from '../orders/orders.service.ts';
import { TradesService } from '../trades/trades.service.ts';

/** At most this many items per job per tick, so one tick never runs unbounded. */
const BATCH = 100;

/**
 * Timers of the money core: payment-deadline expiry, auto-release, order expiry. Runs in
 * every instance; each item is claimed with FOR UPDATE SKIP LOCKED in its own transaction,
 * so any number of instances is safe. Time comes from the context clock.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private readonly trades: TradesService;
  private readonly orders: OrdersService;

  constructor(private readonly ctx: AppContext) {
    this.trades = new TradesService(ctx);
    this.orders = new OrdersService(ctx);
  }

  /** One pass over all jobs at the current time; returns how many items were processed. */
  async tick(): Promise<{ expired: number; released: number; ordersExpired: number }> {
    const now = this.ctx.clock.now();
    const drain = async (job: () => Promise<boolean>) => {
      let n = 0;
      while (n < BATCH && (await job())) n++;
      return n;
    };
    return {
      expired: await drain(() => this.trades.runDue('payment', now)),
      released: await drain(() => this.trades.runDue('release', now)),
      ordersExpired: await drain(() => this.orders.expireOne(now)),
    };
  }

  start(intervalMs: number, onError: (error: unknown) => void): void {
    const loop = () => {
      this.running = this.tick()
        .catch(onError)
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, intervalMs);
  }

  /** Stops scheduling and waits for a tick in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
