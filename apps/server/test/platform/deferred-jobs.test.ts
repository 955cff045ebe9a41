import { describe, expect, it } from 'vitest';
import { DeferredJobs } from '../../src/lib/deferred-jobs.ts';

describe('deferred jobs', () => {
  it("start on a later turn, never in the caller's, and can be waited for", async () => {
    const jobs = new DeferredJobs();
    const seen: string[] = [];
    jobs.run(
      async () => {
        seen.push('started');
        await new Promise((r) => setImmediate(r));
        seen.push('finished');
      },
      (error) => seen.push(`error ${String(error)}`),
    );
    // Not in this turn, nor in its microtasks (the rest of a request's answer runs there).
    await Promise.resolve();
    await Promise.resolve();
    expect(seen).toEqual([]);
    await jobs.idle();
    expect(seen).toEqual(['started', 'finished']);
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
