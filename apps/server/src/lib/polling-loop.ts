/** Where a loop reports a pass that failed. */
export interface LoopLog {
  error(obj: object, msg: string): void;
}

/**
 * A pass every `intervalMs`, counted from the end of the previous one (passes never overlap),
 * until `stop`, which waits for a pass in flight. A failed pass is logged and the loop goes on.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly pass: () => Promise<unknown>,
    private readonly log: LoopLog,
    private readonly failure: string,
  ) {}

  start(intervalMs: number): void {
    const loop = () => {
      this.running = this.pass()
        .catch((error: unknown) => this.log.error({ err: error }, this.failure))
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
