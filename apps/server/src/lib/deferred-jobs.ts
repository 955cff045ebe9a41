/**
 * Jobs started on a later turn of the event loop, never in the caller's (the outbox relay's
 * deliveries: events/outbox-relay.ts), that can be waited for (`idle`: tests and shutdown).
 *
 * A request's deliveries wait for the relay's gathering window (docs/decisions/061) and start
 * on a turn of their own, so they start once the request has answered: a trade action builds its
 * answer before it publishes its events (docs/decisions/052). No per-request context tells them
 * apart: with AsyncLocalStorage, which Node 20 keeps with a hook on every promise, every action
 * cost 3 % more of the server's time (docs/decisions/062).
 */
export class DeferredJobs {
  private readonly inFlight = new Set<Promise<void>>();

  run(job: () => Promise<void>, onError: (error: unknown) => void): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(() => resolve(job())))
      .catch(onError)
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Resolves once every job started so far has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
