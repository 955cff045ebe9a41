import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Work that a request causes but need not wait for (notifications built from its events),
 * held until its response has been sent (plugins/after-response.ts). Outside a request
 * (scheduler, CLI), or once its response is out, the work starts on the next turn.
 */
export interface AfterResponseQueue {
  jobs: (() => void)[];
  flushed: boolean;
}

const pending = new AsyncLocalStorage<AfterResponseQueue>();
/** The context deferred work runs in: anything it defers in turn starts at once. */
const DEFERRED: AfterResponseQueue = { jobs: [], flushed: true };
const start = (job: () => void) => setImmediate(() => pending.run(DEFERRED, job));

/** True inside deferred work (tests tell a request's own statements from it). */
export const isDeferredWork = () => pending.getStore() === DEFERRED;

/** Runs `job` once the current request's response is out, or soon when there is none. */
export function afterResponse(job: () => void): void {
  const queue = pending.getStore();
  if (queue && !queue.flushed) queue.jobs.push(job);
  else start(job);
}

/** Runs `fn` (the rest of a request) with a queue that `flushAfterResponse` later empties. */
export function withAfterResponse<T>(queue: AfterResponseQueue, fn: () => T): T {
  return pending.run(queue, fn);
}

/** The response is out: queued work starts, and work queued from now on starts at once. */
export function flushAfterResponse(queue: AfterResponseQueue): void {
  queue.flushed = true;
  for (const job of queue.jobs.splice(0)) start(job);
}

/**
 * Jobs run after the response (`afterResponse`), each inside the deferred context (so its own
 * statements are told apart, and what it defers in turn starts at once), that can be waited
 * for (`idle`, tests and shutdown).
 */
export class DeferredJobs {
  private readonly inFlight = new Set<Promise<void>>();

  run(job: () => Promise<void>, onError: (error: unknown) => void): void {
    const running: Promise<void> = new Promise<void>((resolve) => afterResponse(() => resolve(job())))
      .catch(onError)
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  /** Resolves once every job started so far has finished. */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }
}
