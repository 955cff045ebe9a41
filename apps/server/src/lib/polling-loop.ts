/**
 * A pass every `intervalMs`, counted from the end of the previous one (passes never overlap),
 * until `stop`, which waits for a pass in flight. A failed pass goes to `onError` and the loop
 * goes on. The scheduler, the chain watchers, the webhook and outbox dispatchers run on it.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    const loop = () => {
      this.running = this.pass()
        .catch(this.onError)
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, intervalMs);
  }

  /** Stops scheduling and waits for a pass in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
