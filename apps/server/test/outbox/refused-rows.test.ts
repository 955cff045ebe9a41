import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { type DeliveredEvent, OutboxRelay } from '../../src/events/outbox-relay.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Rows read back from the outbox go through the shared event map (docs/decisions/041): a row
 * whose name is not the map's, or whose payload its name's schema refuses, is logged and set
 * aside, and no durable consumer ever sees it; the rows around it are delivered as usual.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function writeRow(event: string, payload: unknown): Promise<string> {
  const id = randomUUID();
  await t.ctx.db.execute(sql`INSERT INTO event_outbox (id, room, event, payload, created_at)
    VALUES (${id}::uuid, ${`user:${randomUUID()}`}, ${event}, ${JSON.stringify(payload)}::jsonb,
      ${t.clock.now().toISOString()}::timestamptz)`);
  return id;
}

/** A row's state: gone (delivered, docs/decisions/058), set aside (kept as done) or due. */
const stateOf = async (id: string) => {
  const [row] = await queryRows<{ done: boolean }>(
    t.ctx.db,
    sql`SELECT done_at IS NOT NULL AS done FROM event_outbox WHERE id = ${id}::uuid`,
  );
  return row === undefined ? 'gone' : row.done ? 'set aside' : 'due';
};

describe('outbox rows the event map refuses', () => {
  it('are logged and set aside, never handed to a consumer; the good rows are delivered', async () => {
    const errors: { obj: object; msg: string }[] = [];
    const relay = new OutboxRelay(t.ctx.db, t.ctx.notifier, t.clock, {
      log: { error: (obj, msg) => errors.push({ obj, msg }) },
    });
    const seen: DeliveredEvent[] = [];
    relay.consume(async (events) => {
      seen.push(...events);
    });
    try {
      const good = await writeRow('order:matched', { orderId: randomUUID(), tradeId: randomUUID() });
      const wrongPayload = await writeRow('order:matched', { orderId: 'not-a-uuid', tradeId: randomUUID() });
      const missingField = await writeRow('trade:created', { tradeId: randomUUID() });
      const unknownName = await writeRow('order:exploded', { orderId: randomUUID() });

      t.clock.advance(3_000);
      expect(await relay.redeliver()).toBe(1);

      expect(seen.map((e) => e.id)).toEqual([good]);
      const [delivered] = seen;
      if (delivered?.event !== 'order:matched') throw new Error('expected the good order:matched row');
      expect(delivered.payload.orderId).toMatch(/^[0-9a-f-]{36}$/);
      const refused = errors.find((e) => e.msg.includes('refused'))?.obj as { refused: { id: string }[] };
      expect(refused.refused.map((r) => r.id).sort()).toEqual(
        [wrongPayload, missingField, unknownName].sort(),
      );
      expect(await stateOf(good)).toBe('gone');
      for (const id of [wrongPayload, missingField, unknownName]) expect(await stateOf(id)).toBe('set aside');

      // Set aside for good: a later pass claims nothing, and a day later they are forgotten.
      t.clock.advance(3_000);
      expect(await relay.redeliver()).toBe(0);
      expect(seen).toHaveLength(1);
      for (const id of [wrongPayload, missingField, unknownName]) expect(await stateOf(id)).toBe('set aside');
      t.clock.advance(24 * 3_600_000);
      expect(await relay.redeliver()).toBe(0);
      for (const id of [wrongPayload, missingField, unknownName]) expect(await stateOf(id)).toBe('gone');
    } finally {
      relay.close();
    }
  });
});
