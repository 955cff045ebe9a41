import type { Clock } from '../../lib/clock.ts';

export interface BreakerLogger {
  warn(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/** The first retry after a failure; each further failure doubles it, up to the refresh interval. */
const FIRST_RETRY_MS = 5_000;

/**
 * The price feed's circuit breaker (docs/decisions/036). Closed, a request may wait a moment
 * for the feed. After a failure it is open: no request waits on the feed, and one background
 * retry is due after a backoff (5 s, 10 s, 20 s … at most the refresh interval). An outage is
 * logged once when it starts and once when it ends, never per call.
 */
export class FeedBreaker {
  private failures = 0;
  private retryAt = 0;
  private outageSince: Date | null = null;

  constructor(
    private readonly clock: Clock,
    private readonly log: BreakerLogger,
    private readonly maxRetryMs: number,
  ) {}

  /** A failure has been seen and no answer since: requests must not wait on the feed. */
  get open(): boolean {
    return this.failures > 0;
  }

  /** Open, and its backoff has run out: the next background retry may start. */
  retryDue(): boolean {
    return this.open && this.clock.now().getTime() >= this.retryAt;
  }

  failed(reason: string): void {
    this.failures += 1;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** (this.failures - 1), this.maxRetryMs);
    this.retryAt = this.clock.now().getTime() + delay;
    if (this.failures > 1) return;
    this.outageSince = this.clock.now();
    // One line, no URL (it may carry an API key) and no upstream body.
    this.log.warn({ reason }, 'price feed unavailable');
  }

  succeeded(): void {
    if (this.outageSince) {
      const outageMs = this.clock.now().getTime() - this.outageSince.getTime();
      this.log.info?.({ failedAttempts: this.failures, outageMs }, 'price feed back');
    }
    this.failures = 0;
    this.retryAt = 0;
    this.outageSince = null;
  }
}
