import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { Notifier, PendingEvents } from '../../src/events/notifier.ts';
import { type DeliveredEvent, OutboxRelay } from '../../src/events/outbox-relay.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * The relay's fast path delivers one batch at a time (docs/decisions/049): events published
 * while a batch is with the consumers wait and go together in the next one, and the first event
 * of a batch waits GATHER_MS for others (docs/decisions/061), so under load many requests' events
 * share each consumer's statements; alone, an event goes once its window is over.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/**
 * `n` turns of the event loop: the relay's jobs start on a turn of their own (setImmediate,
 * lib/deferred-jobs.ts), so each has had its chance to run, with no wall clock involved.
 */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** Resolves when the consumer is next given a batch. */
function calls() {
  let waiting: (() => void)[] = [];
  return {
    next: () => new Promise<void>((resolve) => waiting.push(resolve)),
    called: () => {
      const now = waiting;
      waiting = [];
      for (const resolve of now) resolve();
    },
  };
}

/** A relay of its own, on a notifier of its own, that keeps what it logs; the default window unless given. */
function newRelay(gatherMs?: number) {
  const notifier = new Notifier();
  const errors: unknown[] = [];
  const log = { error: (e: unknown) => errors.push(e) };
  const relay = new OutboxRelay(
    t.ctx.db,
    notifier,
    t.clock,
    gatherMs === undefined ? { log } : { log, gatherMs },
  );
  return { notifier, errors, relay };
}

const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const security = (notifier: Notifier, n: number) =>
  notifier.toUsers([user(n)], 'security:event', { kind: 'sign_in', at: new Date(0).toISOString() });

describe('the outbox relay', () => {
  it('sends the events published while a batch is delivered together in the next batch', async () => {
    const { notifier, errors, relay } = newRelay();
    const batches: string[][] = [];
    const consumer = calls();
    let release: () => void = () => {};
    let first = true;
    relay.consume(async (events: readonly DeliveredEvent[]) => {
      batches.push(events.map((e) => e.room));
      consumer.called();
      if (first) {
        first = false;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
    });
    try {
      const firstCall = consumer.next();
      security(notifier, 1);
      // The first batch is with the consumer (held there) before the next events come.
      await firstCall;
      expect(batches).toEqual([[`user:${user(1)}`]]);
      // Each published in a turn of its own, as separate requests' events are.
      security(notifier, 2);
      await turns(3);
      security(notifier, 3);
      await turns(3);
      security(notifier, 4);
      await turns(5);
      // Nothing more went while the first batch was out...
      expect(batches).toHaveLength(1);
      release();
      await relay.idle();
      // ...then the three went as one.
      expect(batches).toEqual([[`user:${user(1)}`], [2, 3, 4].map((n) => `user:${user(n)}`)]);
      // Alone, an event goes once its window is over, in a batch of its own.
      security(notifier, 5);
      await relay.idle();
      expect(batches.at(-1)).toEqual([`user:${user(5)}`]);
      expect(errors).toEqual([]);
    } finally {
      relay.close();
    }
  });

  it('gathers the events of requests published within its window into one batch, with nothing in flight', async () => {
    // A window wide enough that no loaded machine publishes three events past it.
    const gatherMs = 300;
    const { notifier, errors, relay } = newRelay(gatherMs);
    const batches: string[][] = [];
    relay.consume(async (events: readonly DeliveredEvent[]) => {
      batches.push(events.map((e) => e.room));
    });
    try {
      const started = performance.now();
      // Each in a turn of its own, as separate requests' events are; without the window the first
      // went alone on the next turn (docs/decisions/061).
      security(notifier, 31);
      await turns(2);
      security(notifier, 32);
      await turns(2);
      security(notifier, 33);
      await relay.idle();
      expect(batches).toEqual([[31, 32, 33].map((n) => `user:${user(n)}`)]);
      // The window is what held the first: the batch went no sooner than it ended.
      expect(performance.now() - started).toBeGreaterThanOrEqual(gatherMs - 1);
      expect(errors).toEqual([]);
    } finally {
      relay.close();
    }
  });

  it('starts no batch while held, and delivers what came meanwhile once every hold is released', async () => {
    const { notifier, errors, relay } = newRelay(0);
    const batches: string[][] = [];
    relay.consume(async (events) => {
      batches.push(events.map((e) => e.room));
    });
    try {
      const first = relay.hold();
      const second = relay.hold();
      security(notifier, 21);
      await turns(3);
      security(notifier, 22);
      await turns(5);
      expect(batches).toEqual([]);
      first();
      first(); // a release counts once
      await turns(5);
      expect(batches).toEqual([]);
      second();
      await relay.idle();
      expect(batches).toEqual([[21, 22].map((n) => `user:${user(n)}`)]);
      expect(errors).toEqual([]);
    } finally {
      relay.close();
    }
  });

  it('goes on after a batch fails, and logs it', async () => {
    const { notifier, errors, relay } = newRelay();
    const seen: string[] = [];
    relay.consume(async (events) => {
      seen.push(...events.map((e) => e.room));
      if (events.some((e) => e.room === `user:${user(6)}`)) throw new Error('consumer down');
    });
    try {
      security(notifier, 6);
      await relay.idle();
      security(notifier, 7);
      await relay.idle();
      expect(seen).toEqual([`user:${user(6)}`, `user:${user(7)}`]);
      expect(errors).toHaveLength(1);
    } finally {
      relay.close();
    }
  });

  it("does not hold the next batch for what one still waits on (a bot's send), and marks it done only after", async () => {
    const { notifier, errors, relay } = newRelay();
    const batches: string[][] = [];
    const consumer = calls();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    relay.consume(async (events) => {
      batches.push(events.map((e) => e.room));
      consumer.called();
      return batches.length === 1 ? { settled: gate } : undefined;
    });
    const publish = async (n: number) => {
      const events = new PendingEvents();
      events.toUsers([user(n)], 'security:event', { kind: 'sign_in', at: new Date(0).toISOString() });
      await events.writeTo(t.ctx.db, t.clock.now());
      events.publishTo(notifier);
    };
    // Done: its row delivered and gone (docs/decisions/058); it was written before it was published.
    const done = async (n: number) =>
      (
        await queryRows<{ done: boolean }>(
          t.ctx.db,
          sql`SELECT NOT EXISTS (SELECT 1 FROM event_outbox WHERE room = ${`user:${user(n)}`}) AS done`,
        )
      )[0]?.done;
    try {
      let called = consumer.next();
      await publish(11);
      await called;
      called = consumer.next();
      await publish(12);
      await called;
      // The second batch went while the first still waited; it is done, the first is not.
      expect(batches).toEqual([[`user:${user(11)}`], [`user:${user(12)}`]]);
      await vi.waitFor(async () => expect(await done(12)).toBe(true));
      expect(await done(11)).toBe(false);
      release();
      await relay.idle();
      expect(await done(11)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      relay.close();
    }
  });
});
