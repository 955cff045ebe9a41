import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  insertNotifications,
  markAllRead,
  markRead,
  type NotificationToStore,
  unreadCount,
} from '../../src/modules/notifications/notifications.repository.ts';
import { createUser } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * A user's unread count is a row that triggers on `notifications` keep (docs/decisions/062):
 * after any write, whoever wrote it, it is what counting the unread rows gives.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const at = new Date('2026-11-30T12:00:00Z');
const notice = (
  userId: string,
  readAt: Date | null = null,
): NotificationToStore & { readAt: Date | null } => ({
  id: randomUUID(),
  userId,
  kind: 'trade_opened',
  entityType: null,
  entityId: null,
  titleKey: 'notifications.tradeOpened.title',
  messageKey: 'notifications.tradeOpened.message',
  actionKey: null,
  values: { n: 1 },
  deadline: null,
  link: '/trades',
  createdAt: at,
  readAt,
});

/** Every user's kept count against the count of their unread rows; both must agree. */
async function countsAgree(userIds: string[]) {
  const rows = await queryRows<{ user_id: string; kept: string | null; counted: string }>(
    t.ctx.db,
    sql`SELECT u.id AS user_id, c.unread AS kept,
          (SELECT count(*) FROM notifications n WHERE n.user_id = u.id AND n.read_at IS NULL) AS counted
        FROM users u LEFT JOIN notification_unread c ON c.user_id = u.id
        WHERE u.id IN ${userIds}`,
  );
  for (const r of rows) expect(Number(r.kept ?? 0), `user ${r.user_id}`).toBe(Number(r.counted));
  return Object.fromEntries(rows.map((r) => [r.user_id, Number(r.counted)]));
}

describe('the unread count kept in a row', () => {
  it('follows inserts, reads, a reading undone and deletes, and answers each stored notice', async () => {
    const a = (await createUser(t.ctx)).id;
    const b = (await createUser(t.ctx)).id;
    const users = [a, b];
    expect(await unreadCount(t.ctx.db, a)).toBe(0);

    // One statement for two users; each notice answered with its user's count, itself included.
    const batch = [notice(a), notice(b), notice(a), notice(a)];
    const stored = await insertNotifications(t.ctx.db, batch);
    expect(batch.map((n) => stored.get(n.id)?.unreadCount)).toEqual([1, 1, 2, 3]);
    expect(await countsAgree(users)).toEqual({ [a]: 3, [b]: 1 });

    // Stored again under the same ids: nothing stored, nothing counted.
    expect((await insertNotifications(t.ctx.db, batch)).size).toBe(0);
    const next = notice(a);
    expect((await insertNotifications(t.ctx.db, [next])).get(next.id)?.unreadCount).toBe(4);

    const first = batch[0]?.id as string;
    await markRead(t.ctx.db, a, first, at);
    await markRead(t.ctx.db, a, first, at); // read twice: counted once
    await markRead(t.ctx.db, b, first, at); // not b's: nothing
    expect(await countsAgree(users)).toEqual({ [a]: 3, [b]: 1 });
    expect(await unreadCount(t.ctx.db, a)).toBe(3);

    // A reading undone (no path of the app does it; any writer is counted).
    await queryRows(t.ctx.db, sql`UPDATE notifications SET read_at = NULL WHERE id = ${first}`);
    expect(await countsAgree(users)).toEqual({ [a]: 4, [b]: 1 });

    expect(await markAllRead(t.ctx.db, a, at)).toBe(4);
    expect(await countsAgree(users)).toEqual({ [a]: 0, [b]: 1 });
    expect(await unreadCount(t.ctx.db, a)).toBe(0);

    await queryRows(t.ctx.db, sql`DELETE FROM notifications WHERE user_id = ${b}`);
    expect(await countsAgree(users)).toEqual({ [a]: 0, [b]: 0 });
  });
});

describe.runIf(process.env.DATABASE_URL)('the unread count under concurrent writers (PostgreSQL)', () => {
  it('agrees with the rows after inserts of overlapping users and reads all running at once', async () => {
    const users = await Promise.all([1, 2, 3].map(async () => (await createUser(t.ctx)).id));
    const [a, b, c] = users as [string, string, string];
    // Batches naming the same users in opposite orders: the counts are locked in one order.
    const writes = Array.from({ length: 24 }, (_, i) => {
      if (i % 6 === 5) return markAllRead(t.ctx.db, users[i % 3] as string, at);
      const batch = i % 2 ? [notice(a), notice(b), notice(c)] : [notice(c), notice(b), notice(a), notice(c)];
      return insertNotifications(t.ctx.db, batch);
    });
    const results = await Promise.allSettled(writes);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    await countsAgree(users);
  });
});
