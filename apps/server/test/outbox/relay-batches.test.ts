import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { Notifier, PendingEvents } from '../../src/events/notifier.ts';
import { type DeliveredEvent, OutboxRelay } from '../../src/events/outbox-relay.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * The relay's fast path delivers one batch at a time (docs/decisions/049): events published
 * while a batch is with the consumers wait and go together in the next one, so under load many
 * requests' events share each consumer's statements; alone, an event goes at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const security = (notifier: Notifier, n: number) =>
  notifier.toUsers([user(n)], 'security:event', { kind: 'sign_in', at: new Date(0).toISOString() });

describe('the outbox relay', () => {
  it('sends the events published while a batch is delivered together in the next batch', async () => {
    const notifier = new Notifier();
    const errors: unknown[] = [];
    const relay = new OutboxRelay(t.ctx.db, notifier, t.clock, { error: (e) => errors.push(e) });
    const batches: string[][] = [];
    let release: () => void = () => {};
    let first = true;
    relay.consume(async (events: readonly DeliveredEvent[]) => {
      batches.push(events.map((e) => e.room));
      if (first) {
        first = false;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      }
    });
    try {
      security(notifier, 1);
      // The first batch is with the consumer (held there) before the next events come.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(batches).toEqual([[`user:${user(1)}`]]);
      security(notifier, 2);
      await new Promise((resolve) => setTimeout(resolve, 5));
      security(notifier, 3);
      await new Promise((resolve) => setTimeout(resolve, 5));
      security(notifier, 4);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Nothing more went while the first batch was out...
      expect(batches).toHaveLength(1);
      release();
      await relay.idle();
      // ...then the three went as one.
      expect(batches).toEqual([[`user:${user(1)}`], [2, 3, 4].map((n) => `user:${user(n)}`)]);
      // Alone, an event goes at once, in a batch of its own.
      security(notifier, 5);
      await relay.idle();
      expect(batches.at(-1)).toEqual([`user:${user(5)}`]);
      expect(errors).toEqual([]);
    } finally {
      relay.close();
    }
  });

  it('goes on after a batch fails, and logs it', async () => {
    const notifier = new Notifier();
    const errors: unknown[] = [];
    const relay = new OutboxRelay(t.ctx.db, notifier, t.clock, { error: (e) => errors.push(e) });
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
    const notifier = new Notifier();
    const errors: unknown[] = [];
    const relay = new OutboxRelay(t.ctx.db, notifier, t.clock, { error: (e) => errors.push(e) });
    const batches: string[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    relay.consume(async (events) => {
      batches.push(events.map((e) => e.room));
      return batches.length === 1 ? { settled: gate } : undefined;
    });
    const publish = async (n: number) => {
      const events = new PendingEvents();
      events.toUsers([user(n)], 'security:event', { kind: 'sign_in', at: new Date(0).toISOString() });
      await events.writeTo(t.ctx.db, t.clock.now());
      events.publishTo(notifier);
    };
    const done = async (n: number) =>
      (
        await queryRows<{ done: boolean }>(
          t.ctx.db,
          sql`SELECT done_at IS NOT NULL AS done FROM event_outbox WHERE room = ${`user:${user(n)}`}`,
        )
      )[0]?.done;
    try {
      await publish(11);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await publish(12);
      await new Promise((resolve) => setTimeout(resolve, 30));
      // The second batch went while the first still waited; it is done, the first is not.
      expect(batches).toEqual([[`user:${user(11)}`], [`user:${user(12)}`]]);
      expect(await done(12)).toBe(true);
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
