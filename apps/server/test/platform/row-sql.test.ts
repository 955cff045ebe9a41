import { asc, DrizzleQueryError, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect, pgSchema, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compiledSelect,
  flatQuery,
  queryMapped,
  runRows,
  type Slot,
  StatementText,
  shortRoad,
  wholeRow,
} from '../../src/db/compiled.ts';
import { type UserRow, userSettings, users } from '../../src/db/schema.ts';
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
/** A statement's text and values (Drizzle's answer also carries type hints neither driver reads). */
const textAndValues = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({ sql: text, params });
const seenAt = new Date('2026-11-20T10:11:12.345Z');

describe('a row written as SQL', () => {
  it('is the row the builder reads back: bigint, dates, arrays, defaults', async () => {
    const [written] = await queryMapped<UserRow & { marker: string }>(
      t.ctx.db,
      new StatementText()
        .insertRow(users, {
          telegramId: 9_007_199_254_740_993n, // past 2^53: exact only as a bigint
          firstName: 'Строка',
          languages: ['ru', 'en'],
          lastSeenAt: seenAt,
          lastName: null,
        })
        .raw(' RETURNING ')
        .sql(ROW.list)
        .raw(", 'yes' AS marker"),
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
      new StatementText()
        .raw('UPDATE ')
        .name(users)
        .raw(' SET ')
        .set(users, { bio: 'о себе', updatedAt: later, displayName: sql`${users.firstName} || '!'` })
        .raw(' WHERE ')
        .name(users.id)
        .raw(' = ')
        .value(before?.id)
        .raw(' RETURNING ')
        .sql(ROW.list)
        .raw(', NULL AS marker'),
      ROW.fields,
    );
    expect(after).toMatchObject({ bio: 'о себе', updatedAt: later, displayName: 'Строка!', id: before?.id });
  });

  it('refuses a field the table does not have, and an update with nothing to set', () => {
    expect(() => new StatementText().insertRow(users, { firstName: 'x', nickname: 'y' } as never)).toThrow(
      /no field nickname/,
    );
    expect(() => new StatementText().set(users, {})).toThrow(/nothing to set/);
  });

  it('refuses a table whose columns fill or update themselves in JavaScript (the builder does that)', () => {
    const stamped = pgTable('stamped', {
      id: text('id').$defaultFn(() => 'made-here'),
      touchedAt: text('touched_at').$onUpdateFn(() => 'now'),
      note: text('note'),
    });
    expect(() => new StatementText().insertRow(stamped, { note: 'x' })).toThrow(/stamped\.id fills itself/);
    expect(() => new StatementText().set(stamped, { note: 'x' })).toThrow(
      /stamped\.touched_at updates itself/,
    );
  });
});

describe("a statement's text and values (flatQuery)", () => {
  const drizzle = (s: SQL) => textAndValues(new PgDialect().sqlToQuery(s));

  const inSchema = pgSchema('elsewhere').table('entries', { id: text('id') });

  it('are what Drizzle writes, for every kind of part', () => {
    const when = new Date('2026-11-20T10:00:00Z');
    const short: SQL[] = [
      // Text, nested templates and plain values: the short road.
      sql`SELECT ${1}, ${'два'}, ${3n}, ${true}, ${null}, ${when} WHERE x = ${sql`y + ${5}`}`,
      sql`${sql.raw('SELECT 1')} UNION ${sql`SELECT ${2}::int`}`,
      // Tables and columns by name, values bound to columns (their driver mapping): the rows
      // the trade path writes.
      sql`SELECT ${users.id} FROM ${users} WHERE ${users.firstName} = ${'a'}`,
    ];
    const left: SQL[] = [
      // Parts left to Drizzle: a table in a named schema, a list, a name, a placeholder, inlined values.
      sql`SELECT ${inSchema.id} FROM ${inSchema}`,
      sql`SELECT ${[1, 2, 3]}`,
      sql`VACUUM ${sql.identifier('users')}`,
      sql`SELECT ${sql.placeholder('id')}`,
      sql`SELECT ${'inline'}`.inlineParams(),
    ];
    for (const statement of short) {
      const built = shortRoad(statement);
      expect(built).not.toBeNull();
      expect(built).toEqual(drizzle(statement));
      expect(textAndValues(flatQuery(statement))).toEqual(drizzle(statement));
    }
    for (const statement of left) {
      expect(shortRoad(statement)).toBeNull();
      expect(textAndValues(flatQuery(statement))).toEqual(drizzle(statement));
    }
  });
});

describe('a compiled select maps its rows as Drizzle does', () => {
  const from = 'Строка';
  // A flat select: columns, a mapped SQL field and an aliased one (docs/decisions/062).
  const flatFields = () => ({
    id: users.id,
    telegramId: users.telegramId,
    lastSeenAt: users.lastSeenAt,
    languages: users.languages,
    doubled: sql<number>`2 * 21`.mapWith(Number),
    named: sql<string>`${users.firstName} || '?'`.as('named'),
  });
  const flat = compiledSelect((p: Slot<'name'>, qb) =>
    qb
      .select(flatFields())
      .from(users)
      .where(eq(users.firstName, p('name'))),
  );
  // Nested: a joined table's fields under its own key, null where the join found nothing.
  const nestedFields = () => ({ user: { id: users.id, seen: users.lastSeenAt }, settings: userSettings });
  const nested = compiledSelect((p: Slot<'name'>, qb) =>
    qb
      .select(nestedFields())
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.firstName, p('name')))
      .orderBy(asc(users.id)),
  );

  it('flat: each value through its field mapping, under its key', async () => {
    const rows = await flat(t.ctx.db, { name: from });
    const built = await t.ctx.db.select(flatFields()).from(users).where(eq(users.firstName, from));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(built);
    expect(rows[0]).toMatchObject({ telegramId: 9_007_199_254_740_993n, doubled: 42, named: 'Строка?' });
    expect(rows[0]?.lastSeenAt).toBeInstanceOf(Date);
  });

  // Nested, with no table the rows may miss: mapped here.
  const innerFields = () => ({
    user: { id: users.id, seen: users.lastSeenAt },
    name: { first: users.firstName },
    id: users.telegramId,
  });
  const inner = compiledSelect((p: Slot<'name'>, qb) =>
    qb
      .select(innerFields())
      .from(users)
      .where(eq(users.firstName, p('name'))),
  );

  it('nested: each field at its path, a table every row has is never null', async () => {
    const rows = await inner(t.ctx.db, { name: from });
    const built = await t.ctx.db.select(innerFields()).from(users).where(eq(users.firstName, from));
    expect(rows).toEqual(built);
    expect(rows[0]).toMatchObject({ name: { first: from }, id: 9_007_199_254_740_993n });
    expect(rows[0]?.user.seen).toBeInstanceOf(Date);
  });

  it('nested with an outer join: a table the join did not find is null, one it found is whole', async () => {
    const built = () =>
      t.ctx.db
        .select(nestedFields())
        .from(users)
        .leftJoin(userSettings, eq(userSettings.userId, users.id))
        .where(eq(users.firstName, from))
        .orderBy(asc(users.id));
    const [row] = await nested(t.ctx.db, { name: from });
    expect(row?.settings).toBeNull();
    expect(row?.user.seen).toBeInstanceOf(Date);
    expect([row]).toEqual(await built());
    // Found: every column of the joined row, through its mapping.
    await t.ctx.db.insert(userSettings).values({ userId: row?.user.id as string, autoReply: 'здесь' });
    const [found] = await nested(t.ctx.db, { name: from });
    expect(found?.settings).toMatchObject({ userId: row?.user.id, autoReply: 'здесь', notifyTrades: true });
    expect(found?.settings?.updatedAt).toBeInstanceOf(Date);
    expect([found]).toEqual(await built());
  });
});

describe('a statement written as text and values (StatementText)', () => {
  const when = new Date('2026-11-20T10:00:00Z');
  const inSchema = pgSchema('elsewhere').table('entries', { id: text('id') });
  const withPiece = (piece: SQL) =>
    new StatementText()
      .raw('WITH x AS (')
      .sql(piece)
      .raw(') UPDATE ')
      .name(users)
      .raw(' SET ')
      .set(users, { bio: 'о себе', updatedAt: when, displayName: sql`${users.firstName} || ${'!'}` })
      .raw(' WHERE ')
      .name(users.id)
      .raw(' = ')
      .value('u');

  it('writes what Drizzle writes: rows, assignments, names, values and pieces built elsewhere', () => {
    const statements = [
      new StatementText().insertRow(users, { firstName: 'x', languages: ['ru', 'en'] }),
      new StatementText()
        .insertRow(users, { telegramId: 42n, firstName: 'Имя', lastSeenAt: when, lastName: null })
        .raw(' RETURNING ')
        .sql(ROW.list),
      withPiece(sql`SELECT ${users.id} FROM ${users} WHERE ${users.telegramId} = ${7n}`),
    ];
    for (const statement of statements) {
      const written = statement.query();
      // Values numbered in order, each once: the text is the one Drizzle writes.
      expect(written).toEqual(textAndValues(statement.drizzleQuery()));
      expect(written.sql).toContain(`$${written.params.length}`);
    }
    expect(statements[2]?.query().params).toEqual([7n, 'о себе', when.toISOString(), '!', 'u']);
  });

  it('hands the whole statement to Drizzle when a piece is one the short road leaves to it', () => {
    for (const piece of [sql`SELECT ${inSchema.id} FROM ${inSchema}`, sql`SELECT ${[1, 2, 3]}`]) {
      const statement = withPiece(piece);
      expect(shortRoad(piece)).toBeNull();
      expect(textAndValues(statement.query())).toEqual(textAndValues(statement.drizzleQuery()));
    }
    const listed = new StatementText().raw('SELECT ').value([1, 2]);
    expect(textAndValues(listed.query())).toEqual(textAndValues(listed.drizzleQuery()));
  });
});

describe('a statement sent to the driver (node-postgres straight, PGlite through Drizzle)', () => {
  it('answers raw rows as Drizzle’s session would: times as the server’s text', async () => {
    const [row] = await runRows<{ at: unknown; n: unknown; ok: unknown }>(
      t.ctx.db,
      flatQuery(sql`SELECT ${seenAt.toISOString()}::timestamptz AS at, 7::int AS n, true AS ok`),
    );
    // Drizzle leaves timestamps to the columns' mapping: the server's text, never a Date.
    expect(typeof row?.at).toBe('string');
    expect(new Date(row?.at as string)).toEqual(seenAt);
    expect(row?.n).toBe(7);
    expect(row?.ok).toBe(true);
    expect(Object.keys(row ?? {})).toEqual(['at', 'n', 'ok']);
  });

  it('names a row’s values by its columns, a later column of the same name winning, as the driver does', async () => {
    const rows = await runRows<Record<string, unknown>>(
      t.ctx.db,
      flatQuery(
        sql`SELECT x AS a, x * 10 AS b, x * 100 AS a FROM generate_series(1, ${2}::int) AS x ORDER BY x`,
      ),
    );
    expect(rows).toEqual([
      { a: 100, b: 10 },
      { a: 200, b: 20 },
    ]);
  });

  it('fails as Drizzle’s session does: a DrizzleQueryError whose cause carries the SQLSTATE', async () => {
    const duplicate = () =>
      queryMapped(
        t.ctx.db,
        new StatementText()
          .insertRow(users, { telegramId: 9_007_199_254_740_777n, firstName: 'Дубль' })
          .raw(' RETURNING ')
          .sql(ROW.list)
          .raw(", 'x' AS marker"),
        ROW.fields,
      );
    await duplicate();
    const error = await duplicate().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({ code: '23505' });
    expect((error as DrizzleQueryError).query).toContain('INSERT INTO "users"');
  });
});
