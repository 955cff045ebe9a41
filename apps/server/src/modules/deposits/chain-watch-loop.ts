import type { Needs } from '../../context.ts';
import { PollingLoop } from '../../lib/polling-loop.ts';
import { type ChainWatcher, chainAdapters, Devnet } from '../chains/index.ts';
import { DepositWatcher, type TickReport, type WatchLog } from './deposit-watcher.ts';
import type { DepositsService } from './deposits.service.ts';

/** How often watchers poll: devnet blocks come every few seconds; real chains are slower. */
export function pollIntervalMs(ctx: Needs<'config'>): number {
  const { mode, devnetBlockSeconds } = ctx.config.chain;
  return mode === 'devnet' ? Math.min(devnetBlockSeconds, 2) * 1000 : 15_000;
}

/**
 * The money-in loop of every instance (like the scheduler): in devnet mode it first lets the
 * devnet produce its due blocks, then ticks each network's watcher in parallel, so a slow or
 * unreachable API holds up only its own network. Failures are logged and counted.
 */
export class ChainWatchLoop {
  readonly watchers: DepositWatcher[];
  readonly devnet: Devnet | null;
  /** Failed ticks and failed items per network since start (exported as a metric). */
  readonly failures = new Map<string, number>();
  private readonly loop = new PollingLoop(
    () => this.tick(),
    (error) => this.log.error({ err: error }, 'chain watch loop failed'),
  );

  /** `adapters` replaces the configured ones (tests put failing adapters beside real ones). */
  constructor(
    ctx: Needs<'config' | 'db' | 'clock'>,
    deposits: DepositsService,
    private readonly log: WatchLog,
    adapters?: ChainWatcher[],
  ) {
    const { mode, devnetBlockSeconds } = ctx.config.chain;
    this.devnet = mode === 'devnet' ? new Devnet(ctx.db, ctx.clock, devnetBlockSeconds) : null;
    const chosen = adapters ?? chainAdapters(ctx.config.chain, this.devnet);
    this.watchers = chosen.map((a) => new DepositWatcher(ctx, deposits, a, log));
  }

  async tick(): Promise<TickReport[]> {
    if (this.devnet) {
      try {
        await this.devnet.produce();
      } catch (error) {
        this.count('devnet', 1);
        this.log.error({ err: error }, 'devnet block production failed');
      }
    }
    const results = await Promise.allSettled(this.watchers.map((w) => w.tick()));
    const reports: TickReport[] = [];
    results.forEach((result, i) => {
      const network = this.watchers[i]?.network ?? 'unknown';
      if (result.status === 'fulfilled') {
        reports.push(result.value);
        if (result.value.failures) this.count(network, result.value.failures);
      } else {
        this.count(network, 1);
        this.log.warn({ err: result.reason, network }, 'chain watcher tick failed');
      }
    });
    return reports;
  }

  start(intervalMs: number): void {
    if (this.watchers.length === 0) return;
    this.loop.start(intervalMs);
  }

  /** Stops polling and waits for a tick in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private count(network: string, n: number) {
    this.failures.set(network, (this.failures.get(network) ?? 0) + n);
  }
}
