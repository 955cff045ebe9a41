import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRowSql, queryMapped, setSql, wholeRow } from '../../src/db/compiled.ts';
import { type UserRow, users } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers.ts';

/**
 * Statements written as SQL on the trade path (db/compiled.ts, docs/decisions/051) answer rows
 * exactly as Drizzle's builder would: the same values, types and defaults.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ROW = wholeRow(users, { marker: sql<string>`marker` });
const seenAt = new Date('2026-11-20T10:11:12.345Z');

describe('a row written as SQL', () => {
  it('is the row the builder reads back: bigint, dates, arrays, defaults', async () => {
    const [written] = await queryMapped<UserRow & { marker: string }>(
      t.ctx.db,
      sql`${insertRowSql(users, {
        telegramId: 9_007_199_254_740_993n, // past 2^53: exact only as a bigint
        firstName: 'Строка',
        languages: ['ru', 'en'],
        lastSeenAt: seenAt,
        lastName: null,
      })} RETURNING ${ROW.list}, 'yes' AS marker`,
      ROW.fields,
    );
    expect(written?.marker).toBe('yes');
    const { marker: _, ...row } = written as UserRow & { marker: string };
    const [read] = await t.ctx.db.select().from(users).where(eq(users.telegramId, 9_007_199_254_740_993n));
    expect(row).toEqual(read);
    expect(row.telegramId).toBe(9_007_199_254_740_993n);
    expect(row.lastSeenAt).toEqual(seenAt);
    expect(row.languages).toEqual(['ru', 'en']);
    // Columns not given take the table's defaults.
    expect(row.timeZone).toBe('Europe/Moscow');
    expect(row.verified).toBe(false);
  });

  it('sets values and SQL pieces, and answers the updated row', async () => {
    const [before] = await t.ctx.db.select().from(users).where(eq(users.firstName, 'Строка'));
    const later = new Date('2026-11-21T00:00:00Z');
    const [after] = await queryMapped<UserRow>(
      t.ctx.db,
      sql`UPDATE ${users} SET ${setSql(users, {
        bio: 'о себе',
        updatedAt: later,
        displayName: sql`${users.firstName} || '!'`,
      })} WHERE ${users.id} = ${before?.id} RETURNING ${ROW.list}, NULL AS marker`,
      ROW.fields,
    );
    expect(after).toMatchObject({ bio: 'о себе', updatedAt: later, displayName: 'Строка!', id: before?.id });
  });

  it('refuses a field the table does not have, and an update with nothing to set', () => {
    expect(() => insertRowSql(users, { firstName: 'x', nickname: 'y' } as never)).toThrow(
      /no field nickname/,
    );
    expect(() => setSql(users, {})).toThrow(/nothing to set/);
  });

  it('refuses a table whose columns fill or update themselves in JavaScript (the builder does that)', () => {
    const stamped = pgTable('stamped', {
      id: text('id').$defaultFn(() => 'made-here'),
      touchedAt: text('touched_at').$onUpdateFn(() => 'now'),
      note: text('note'),
    });
    expect(() => insertRowSql(stamped, { note: 'x' })).toThrow(/stamped\.id fills itself/);
    expect(() => setSql(stamped, { note: 'x' })).toThrow(/stamped\.touched_at updates itself/);
  });
});
