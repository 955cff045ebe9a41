import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { type OutboxEvent, writeOutbox } from '../../src/events/outbox-store.ts';
import { tradesForRecipients } from '../../src/modules/notifications/notifications.repository.ts';
import { createOrder, createUser, fund, openTrade } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { countStatements } from '../statements.ts';

/**
 * The inbox's feed takes a batch of events in two statements however many there are
 * (docs/decisions/049): the trades they are about, read together, and the notifications,
 * stored together. A user told twice in one batch hears each with the unread count it makes.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the notification feed', () => {
  it('reads the trades of a batch in one statement and stores its notifications in one', async () => {
    const seller = await createUser(t.ctx, { firstName: 'Продавец' });
    const other = await createUser(t.ctx, { firstName: 'Другой' });
    // Two buyers (a new account opens at most two trades at once), one name.
    const buyer = await createUser(t.ctx, { firstName: 'Покупатель' });
    const second = await createUser(t.ctx, { firstName: 'Покупатель' });
    await fund(t.ctx, seller.id, 'BTC', '1');
    await fund(t.ctx, other.id, 'BTC', '1');
    const mine = await createOrder(t.ctx, seller.id, { amount_crypto: '0.5' });
    const theirs = await createOrder(t.ctx, other.id, { amount_crypto: '0.5' });
    const trades = [
      await openTrade(t.ctx, buyer.id, mine.id),
      await openTrade(t.ctx, buyer.id, mine.id),
      await openTrade(t.ctx, second.id, theirs.id),
    ];
    await t.app.eventOutbox.idle();
    const unread = async (userId: string) =>
      Number(
        (
          await queryRows<{ n: string | number }>(
            t.ctx.db,
            sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${userId}::uuid AND read_at IS NULL`,
          )
        )[0]?.n,
      );
    const before = { seller: await unread(seller.id), other: await unread(other.id) };

    // The three trades' openings told again as new events (as a dispatcher pass would bring
    // them after a crash), one batch: two to the seller, one to the other owner.
    const at = new Date(t.clock.now().getTime() - 10_000);
    let next = 0;
    const opened = (tradeId: string, ownerId: string): OutboxEvent =>
      ({
        id: randomUUID(),
        room: `user:${ownerId}`,
        event: 'trade:created',
        payload: {
          tradeId,
          orderId: ownerId === seller.id ? mine.id : theirs.id,
          buyerName: 'Покупатель',
          takerRole: 'buyer',
          cryptocurrency: 'BTC',
          amountCrypto: '0.001',
          fiatCurrency: 'RUB',
          amountFiat: '5000',
        },
        recipientRole: 'seller',
        // A dispatcher pass delivers in the order they were decided.
        at: new Date(at.getTime() + next++),
      }) as OutboxEvent;
    const events = [
      opened(trades[0] as string, seller.id),
      opened(trades[2] as string, other.id),
      opened(trades[1] as string, seller.id),
    ];
    await t.ctx.db.transaction((tx) => writeOutbox(tx, events));
    const told: RealtimeEvent[] = [];
    const stop = t.ctx.notifier.subscribe((e) => {
      if (e.event === 'notification:new') told.push(e);
    });
    let delivered = 0;
    const statements = await countStatements(t.database, async () => {
      delivered = await t.app.eventOutbox.redeliver();
    });
    stop();
    expect(delivered).toBe(3);
    const reads = statements.filter((s) => /from "trades"/i.test(s));
    const inserts = statements.filter((s) => /insert into "?notifications"? /i.test(s));
    expect(reads).toHaveLength(1);
    expect(inserts).toHaveLength(1);

    // Each told with the count it makes, in the batch's order.
    const counts = told.map((e) => [e.room, (e.payload as { unreadCount: number }).unreadCount]);
    expect(counts).toEqual([
      [`user:${seller.id}`, before.seller + 1],
      [`user:${other.id}`, before.other + 1],
      [`user:${seller.id}`, before.seller + 2],
    ]);
    expect(await unread(seller.id)).toBe(before.seller + 2);
    // The notices name the other party and the recipient's own trade.
    const stored = await queryRows<{ id: string; entity_id: string; values: { name: string } }>(
      t.ctx.db,
      sql`SELECT id::text, entity_id::text, values FROM notifications
        WHERE id IN (${events[0]?.id}::uuid, ${events[1]?.id}::uuid, ${events[2]?.id}::uuid)`,
    );
    const byId = new Map(stored.map((r) => [r.id, r]));
    for (const e of events) {
      const row = byId.get(e.id);
      expect(row?.entity_id).toBe((e.payload as { tradeId: string }).tradeId);
      expect((typeof row?.values === 'string' ? JSON.parse(row.values) : row?.values)?.name).toBe(
        'Покупатель',
      );
    }

    // Told once more (a dispatcher that died before marking them done): nothing new. Delivered,
    // their rows went (docs/decisions/058); they are written again as their commit wrote them.
    await t.ctx.db.transaction((tx) => writeOutbox(tx, events));
    t.clock.advance(1);
    expect(await t.app.eventOutbox.redeliver()).toBe(3);
    expect(await unread(seller.id)).toBe(before.seller + 2);
    expect(await unread(other.id)).toBe(before.other + 1);
  });

  it('reads any number of trades: padded to a size it has a statement for, past the largest in parts', async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const order = await createOrder(t.ctx, seller.id, { amount_crypto: '0.5' });
    const real = [await openTrade(t.ctx, buyer.id, order.id), await openTrade(t.ctx, buyer.id, order.id)];
    // Three asks (one trade twice, as buyer and as seller), padded to a read of four ids.
    const three = await tradesForRecipients(t.ctx.db, [
      { tradeId: real[0] as string, userId: buyer.id },
      { tradeId: real[0] as string, userId: seller.id },
      { tradeId: real[1] as string, userId: seller.id },
    ]);
    expect([...three.keys()].sort()).toEqual(
      [`${real[0]}:${buyer.id}`, `${real[0]}:${seller.id}`, `${real[1]}:${seller.id}`].sort(),
    );
    expect(three.get(`${real[0]}:${buyer.id}`)?.other?.id).toBe(seller.id);
    expect(three.get(`${real[1]}:${seller.id}`)?.other?.id).toBe(buyer.id);

    // 130 trades asked (128 that do not exist between the two real ones): two reads, both found.
    const missing = Array.from({ length: 128 }, () => ({ tradeId: randomUUID(), userId: buyer.id }));
    const many = [
      { tradeId: real[0] as string, userId: buyer.id },
      ...missing,
      { tradeId: real[1] as string, userId: buyer.id },
    ];
    let found = new Map<string, unknown>();
    // The openings' own notices are delivered first, so the feed's read of them is not counted
    // here (the relay gathers for 10 ms: docs/decisions/061).
    await t.app.notifications.feed.idle();
    const statements = await countStatements(t.database, async () => {
      found = await tradesForRecipients(t.ctx.db, many);
    });
    expect([...found.keys()].sort()).toEqual([`${real[0]}:${buyer.id}`, `${real[1]}:${buyer.id}`].sort());
    expect(statements.filter((s) => /from "trades"/i.test(s))).toHaveLength(2);
  });
});
