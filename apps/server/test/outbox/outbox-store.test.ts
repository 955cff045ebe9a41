import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { DoneMarks } from '../../src/events/outbox-relay.ts';
import { forgetDelivered, type OutboxEvent, setAside, writeOutbox } from '../../src/events/outbox-store.ts';
import { createUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { countStatements } from '../statements.ts';

/**
 * The outbox's two statements on the hot path pass their values as arrays (one text however
 * many events, docs/decisions/041): what goes in comes back byte for byte, whatever the text
 * holds, and a mark (delivered: the row goes; set aside: kept as done) touches exactly the rows
 * it names.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const TRICKY =
  "кавычки \" и \\ обратная черта, {скобки}, запятые, NULL, 'апостроф', эмодзи 🙂 и\nперевод строки";

function event(payload: unknown, recipientRole?: 'buyer' | 'seller'): OutboxEvent {
  return {
    id: randomUUID(),
    room: `user:${randomUUID()}`,
    event: 'chat:message',
    payload,
    ...(recipientRole ? { recipientRole } : {}),
    at: new Date(t.clock.now().getTime() + Math.floor(Math.random() * 1000)),
  } as unknown as OutboxEvent;
}

async function rows(ids: string[]) {
  return queryRows<{
    id: string;
    room: string;
    payload: unknown;
    recipient_role: string | null;
    at: string;
    done: boolean;
  }>(
    t.ctx.db,
    sql`SELECT id::text, room, payload, recipient_role, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
          done_at IS NOT NULL AS done
        FROM event_outbox WHERE id::text = ANY(string_to_array(${ids.join(',')}, ',')) ORDER BY created_at, id`,
  );
}

describe('the outbox store', () => {
  it('writes any number of events in one statement and reads them back as written', async () => {
    const events = [
      event({ text: TRICKY, nested: { list: [TRICKY, 1, null, true] } }, 'buyer'),
      event({ text: '' }),
      event({ text: '}{,"' }, 'seller'),
    ];
    await t.ctx.db.transaction((tx) => writeOutbox(tx, events));
    const back = await rows(events.map((e) => e.id));
    const expected = [...events]
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id.localeCompare(b.id))
      .map((e) => ({
        id: e.id,
        room: e.room,
        payload: e.payload,
        recipient_role: e.recipientRole ?? null,
        at: e.at.toISOString(),
        done: false,
      }));
    expect(back).toEqual(expected);

    const one = [event({ text: TRICKY })];
    await t.ctx.db.transaction((tx) => writeOutbox(tx, one));
    expect((await rows(one.map((e) => e.id)))[0]?.payload).toEqual({ text: TRICKY });
  });

  it('forgets exactly the delivered events it names, and sets aside exactly those it names, once', async () => {
    const events = [event({ n: 1 }), event({ n: 2 }), event({ n: 3 }), event({ n: 4 })];
    await t.ctx.db.transaction((tx) => writeOutbox(tx, events));
    const [a, b, c, d] = events.map((e) => e.id) as [string, string, string, string];
    const state = async () => new Map((await rows([a, b, c, d])).map((r) => [r.id, r.done]));
    // Delivered: the rows go, the others stay as they were.
    await forgetDelivered(t.ctx.db, [a, c]);
    expect(await state()).toEqual(
      new Map([
        [b, false],
        [d, false],
      ]),
    );
    // Set aside: kept, as done, so no dispatcher claims it again.
    await setAside(t.ctx.db, [b], t.clock.now());
    expect(await state()).toEqual(
      new Map([
        [b, true],
        [d, false],
      ]),
    );
    const doneAt = async (id: string) =>
      (
        await queryRows<{ at: string }>(
          t.ctx.db,
          sql`SELECT done_at::text AS at FROM event_outbox WHERE id = ${id}::uuid`,
        )
      )[0]?.at;
    const first = await doneAt(b);
    t.clock.advance(5_000);
    // A second mark does not move the first one's time, and a row set aside is not forgotten
    // as if delivered: it stays its day for whoever reads the log's complaint about it.
    await setAside(t.ctx.db, [b, d], t.clock.now());
    await forgetDelivered(t.ctx.db, [b]);
    expect(await state()).toEqual(
      new Map([
        [b, true],
        [d, true],
      ]),
    );
    expect(await doneAt(b)).toBe(first);
  });

  it("coalesces the relay's marks: those asked for while one is written share the next statement", async () => {
    const events = [event({ n: 1 }), event({ n: 2 }), event({ n: 3 }), event({ n: 4 })];
    await t.ctx.db.transaction((tx) => writeOutbox(tx, events));
    const [a, b, c, d] = events.map((e) => e.id) as [string, string, string, string];
    const marks = new DoneMarks(t.ctx.db);
    const order: string[] = [];
    const statements = await countStatements(t.database, async () => {
      // The first mark starts its statement at once; the next three wait for it, then go together.
      await Promise.all([
        marks.mark([a]).then(() => order.push('a')),
        marks.mark([b]).then(() => order.push('b')),
        marks.mark([c, d]).then(() => order.push('cd')),
      ]);
    });
    expect(statements.filter((s) => s.includes('DELETE FROM event_outbox'))).toHaveLength(2);
    expect(order).toEqual(['a', 'b', 'cd']);
    expect(await rows([a, b, c, d])).toEqual([]);
    // Alone, a mark is written at once, and resolves only once it is.
    const [e] = [event({ n: 5 })];
    if (!e) throw new Error('no event');
    await t.ctx.db.transaction((tx) => writeOutbox(tx, [e]));
    await marks.mark([e.id]);
    expect(await rows([e.id])).toEqual([]);
  });

  it("writes the events' webhook deliveries in the same statement, and a rollback takes both", async () => {
    const hooked = await createUser(t.ctx);
    const other = await createUser(t.ctx);
    const hook = async (events: string[]) => {
      const [row] = await queryRows<{ id: string }>(
        t.ctx.db,
        sql`INSERT INTO webhooks (user_id, url, events, secret_sealed, created_at)
          VALUES (${hooked.id}::uuid, 'https://example.com/hook', string_to_array(${events.join(',')}, ','), 'sealed', now())
          RETURNING id`,
      );
      return row?.id as string;
    };
    const onTrades = await hook(['trade:updated', 'trade:message']);
    const onOrders = await hook(['order:updated']);
    const at = t.clock.now();
    const to = (userId: string, event: string, payload: object): OutboxEvent =>
      ({ id: randomUUID(), room: `user:${userId}`, event, payload, at }) as unknown as OutboxEvent;
    const updated = to(hooked.id, 'trade:updated', {
      tradeId: randomUUID(),
      status: 'PAID',
      previousStatus: 'ESCROW_LOCKED',
      action: 'mark_paid',
      actor: 'buyer',
    });
    const message = to(hooked.id, 'trade:message', {
      tradeId: randomUUID(),
      messageId: randomUUID(),
      senderName: 'Продавец',
      message: `карта 2200 1234 5678 9012, ${TRICKY}`,
    });
    const notSubscribed = to(hooked.id, 'order:matched', { orderId: randomUUID() });
    const noWebhooks = to(other.id, 'trade:updated', { ...updated.payload });
    const notForWebhooks = to(hooked.id, 'notification:new', { notification: {}, unreadCount: 1 });
    const all = [updated, message, notSubscribed, noWebhooks, notForWebhooks];

    const deliveries = () =>
      queryRows<{ webhook_id: string; event_id: string; event_type: string; body: string }>(
        t.ctx.db,
        sql`SELECT webhook_id::text, event_id::text, event_type, body FROM webhook_deliveries
          WHERE webhook_id IN (${onTrades}::uuid, ${onOrders}::uuid) ORDER BY event_type`,
      );
    // A transaction that rolls back leaves neither the events nor their deliveries.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await writeOutbox(tx, all);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries()).toEqual([]);
    expect(await rows(all.map((e) => e.id))).toEqual([]);

    const statements = await countStatements(t.database, () =>
      t.ctx.db.transaction((tx) => writeOutbox(tx, all)),
    );
    expect(statements.filter((s) => !/^(begin|commit)/i.test(s.trim()))).toHaveLength(1);
    expect(await rows(all.map((e) => e.id))).toHaveLength(5);
    // Only the events a webhook of their own user subscribed to, each with the body every
    // attempt sends: a chat line's without its words (docs/decisions/036).
    expect(await deliveries()).toEqual([
      {
        webhook_id: onTrades,
        event_id: message.id,
        event_type: 'trade:message',
        body: JSON.stringify({
          id: message.id,
          type: 'trade:message',
          createdAt: at.toISOString(),
          data: {
            tradeId: (message.payload as { tradeId: string }).tradeId,
            messageId: (message.payload as { messageId: string }).messageId,
            senderName: 'Продавец',
          },
        }),
      },
      {
        webhook_id: onTrades,
        event_id: updated.id,
        event_type: 'trade:updated',
        body: JSON.stringify({
          id: updated.id,
          type: 'trade:updated',
          createdAt: at.toISOString(),
          data: updated.payload,
        }),
      },
    ]);
  });
});
