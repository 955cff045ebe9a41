import { describe, expect, it } from 'vitest';
import {
  DeferredJobs,
  flushAfterResponse,
  isDeferredWork,
  withAfterResponse,
} from '../../src/lib/after-response.ts';

describe('work after the response', () => {
  it('waits for the response, runs in the deferred context, and can be waited for', async () => {
    const jobs = new DeferredJobs();
    const queue = { jobs: [] as (() => void)[], flushed: false };
    const seen: string[] = [];
    withAfterResponse(queue, () => {
      expect(isDeferredWork()).toBe(false);
      jobs.run(
        async () => {
          seen.push(`start deferred=${isDeferredWork()}`);
          await new Promise((r) => setTimeout(r, 5));
          // Still the deferred context after an await: its statements are told apart.
          seen.push(`after await deferred=${isDeferredWork()}`);
        },
        (error) => seen.push(`error ${String(error)}`),
      );
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(seen).toEqual([]); // the response is not out yet
    flushAfterResponse(queue);
    await jobs.idle();
    expect(seen).toEqual(['start deferred=true', 'after await deferred=true']);
  });

  it('reports a failing job to its handler and still settles idle()', async () => {
    const jobs = new DeferredJobs();
    const errors: unknown[] = [];
    jobs.run(
      async () => {
        throw new Error('boom');
      },
      (error) => errors.push(error),
    );
    await jobs.idle();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('boom');
  });
});
