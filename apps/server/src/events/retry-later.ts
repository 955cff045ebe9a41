/**
 * A durable consumer's answer "not yet": the effect may be in flight elsewhere (a bot message
 * claimed by an instance that may still be sending it), so the event is to be delivered again
 * at `at`, not at once and not after a whole lease (docs/decisions/041, "Bot messages").
 */
export class RetryLater extends Error {
  constructor(readonly at: Date) {
    super(`retry at ${at.toISOString()}`);
    this.name = 'RetryLater';
  }
}

/** The latest `RetryLater` instant inside a failure (consumers aggregate theirs), if any. */
export function retryLaterOf(error: unknown): Date | null {
  if (error instanceof RetryLater) return error.at;
  const inner =
    error instanceof AggregateError
      ? error.errors
      : error instanceof Error && error.cause
        ? [error.cause]
        : [];
  let latest: Date | null = null;
  for (const e of inner) {
    const at = retryLaterOf(e);
    if (at && (!latest || at > latest)) latest = at;
  }
  return latest;
}

/** Whether a failure is nothing but "not yet"s (then nothing is wrong to report). */
export function onlyRetryLater(error: unknown): boolean {
  if (error instanceof RetryLater) return true;
  return error instanceof AggregateError && error.errors.length > 0 && error.errors.every(onlyRetryLater);
}
