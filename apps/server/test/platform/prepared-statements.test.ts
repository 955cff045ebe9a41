import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import { preparingClient } from '../../src/db/prepared-statements.ts';
import { createTestDatabase } from '../helpers.ts';

/** A pg.Client stand-in that records what reaches the driver's query(). */
class RecordingClient {
  static sent: unknown[][] = [];
  query(...args: unknown[]) {
    RecordingClient.sent.push(args);
    return Promise.resolve({ rows: [] });
  }
}

function recorder(max?: number) {
  RecordingClient.sent = [];
  const Client = preparingClient(RecordingClient as unknown as typeof pg.Client, max);
  return new (Client as unknown as new () => RecordingClient)();
}

const nameOf = (args: unknown[] | undefined) => (args?.[0] as { name?: string } | undefined)?.name;

describe('prepared statements: which queries get a name', () => {
  it('names a parameterized query after its text, and reuses the name for the same text', async () => {
    const c = recorder();
    await c.query({ text: 'select $1::int', values: [1] });
    await c.query({ text: 'select $1::int', values: [2] });
    await c.query({ text: 'select $1::text' }, ['x']);
    await c.query('select $1::text', ['y']);
    const [a, b, d, e] = RecordingClient.sent;
    expect(nameOf(a)).toMatch(/^p2p_\d+$/);
    expect(nameOf(b)).toBe(nameOf(a));
    expect(nameOf(d)).toMatch(/^p2p_\d+$/);
    expect(nameOf(d)).not.toBe(nameOf(a));
    // The text-and-values form is the same statement as the config form of the same text.
    expect(nameOf(e)).toBe(nameOf(d));
    expect(e?.[1]).toEqual(['y']);
    // The values still travel with the query, untouched.
    expect((a?.[0] as { values?: unknown[] } | undefined)?.values).toEqual([1]);
    expect(d?.[1]).toEqual(['x']);
  });

  it('leaves statements without parameters, plain strings and explicit names alone', async () => {
    const c = recorder();
    await c.query({ text: 'begin', values: [] });
    await c.query({ text: 'commit' });
    await c.query('select 1');
    await c.query({ text: 'select $1::int', values: [1], name: 'mine' });
    const names = RecordingClient.sent.map(nameOf);
    expect(names).toEqual([undefined, undefined, undefined, 'mine']);
  });

  it('stops naming new texts past the cap, and keeps the names it gave', async () => {
    const c = recorder(2);
    for (const n of [1, 2, 3]) await c.query({ text: `select $1::int + ${n}`, values: [n] });
    await c.query({ text: 'select $1::int + 1', values: [9] });
    const names = RecordingClient.sent.map(nameOf);
    expect(names[0]).toBeDefined();
    expect(names[1]).toBeDefined();
    expect(names[2]).toBeUndefined();
    expect(names[3]).toBe(names[0]);
  });
});

describe.runIf(process.env.DATABASE_URL)('prepared statements on PostgreSQL', () => {
  const databases: { dispose(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const d of databases) await d.dispose();
  });

  /** The statements the one pooled connection holds, after the same query ran three times. */
  async function preparedAfterRuns(preparedStatements: boolean) {
    const created = await createTestDatabase();
    databases.push(created);
    const database = await openDatabase({ databaseUrl: created.url ?? '', poolMax: 1, preparedStatements });
    try {
      for (const n of [1, 2, 3]) {
        const [row] = await queryRows<{ n: number }>(database.db, sql`select ${n}::int * 2 as n`);
        expect(row?.n).toBe(n * 2);
      }
      return await queryRows<{ name: string; statement: string }>(
        database.db,
        sql`select name, statement from pg_prepared_statements where statement like ${'select $1::int * 2%'}`,
      );
    } finally {
      await database.close();
    }
  }

  it('parses a statement once per connection and runs it by name', async () => {
    const held = await preparedAfterRuns(true);
    expect(held).toHaveLength(1);
    expect(held[0]?.name).toMatch(/^p2p_\d+$/);
  });

  it('prepares nothing when turned off (DATABASE_PREPARED_STATEMENTS=0)', async () => {
    expect(await preparedAfterRuns(false)).toEqual([]);
  });
});

describe.runIf(process.env.DATABASE_URL)('a transaction opens with its first statement (PostgreSQL)', () => {
  const PreparingClient = preparingClient(pg.Client);
  let client: pg.Client;
  /** ReadyForQuery messages the connection received: one per round trip. */
  let roundTrips = 0;

  beforeAll(async () => {
    client = new PreparingClient({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    (client as unknown as { connection: { on(e: string, f: () => void): void } }).connection.on(
      'readyForQuery',
      () => roundTrips++,
    );
    await client.query('CREATE TEMP TABLE deferred_begin (n int PRIMARY KEY)');
  });
  afterAll(async () => {
    await client.end();
  });

  const rows = async () =>
    (await client.query('SELECT n FROM deferred_begin ORDER BY n')).rows.map((r: { n: number }) => r.n);

  it('sends the BEGIN with the first statement: one round trip for both, and the statement is inside it', async () => {
    roundTrips = 0;
    await client.query({ text: 'begin', values: [] });
    expect(roundTrips).toBe(0);
    const inserted = await client.query('INSERT INTO deferred_begin VALUES ($1) RETURNING n', [1]);
    expect(inserted.rows).toEqual([{ n: 1 }]);
    expect(inserted.command).toBe('INSERT');
    expect(roundTrips).toBe(1);
    expect(client.getTransactionStatus()).toBe('T');
    await client.query('ROLLBACK');
    expect(await rows()).toEqual([]);
  });

  it('fails the first statement as before, and the connection goes on: its statement is not taken as prepared', async () => {
    await client.query('BEGIN');
    await expect(
      client.query({ text: 'SELECT n FROM no_such_table WHERE n = $1', values: [1] }),
    ).rejects.toThrow(/no_such_table/);
    // The statement failed inside the transaction, which is now aborted. (The query rejects on the
    // ErrorResponse, so the status is read only after the next round trip's ReadyForQuery.)
    await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    expect(client.getTransactionStatus()).toBe('E');
    await client.query('ROLLBACK');
    // A statement that failed to parse right behind a BEGIN is parsed again next time, not run by a
    // name PostgreSQL never kept.
    await client.query('CREATE TEMP TABLE no_such_table (n int)');
    await client.query('BEGIN');
    expect(
      (await client.query({ text: 'SELECT n FROM no_such_table WHERE n = $1', values: [1] })).rows,
    ).toEqual([]);
    await client.query('COMMIT');
    await client.query('BEGIN');
    await expect(client.query('INSERT INTO deferred_begin VALUES ($1), ($1)', [2])).rejects.toThrow(
      /duplicate key/,
    );
    await client.query('ROLLBACK');
    expect(await rows()).toEqual([]);
  });

  it('sends the BEGIN alone before a statement without parameters, which may be several', async () => {
    roundTrips = 0;
    await client.query('BEGIN');
    const results = await client.query(
      'INSERT INTO deferred_begin VALUES (3); INSERT INTO deferred_begin VALUES (4)',
    );
    expect(Array.isArray(results)).toBe(true);
    expect(roundTrips).toBe(2);
    await client.query('ROLLBACK');
    expect(await rows()).toEqual([]);
  });

  it('commits what the transaction wrote, through Drizzle and the pool', async () => {
    const created = await createTestDatabase();
    try {
      const { db } = created.database;
      await db.transaction(async (tx) => {
        await queryRows(tx, sql`CREATE TABLE kept (n int)`);
        await queryRows(tx, sql`INSERT INTO kept VALUES (${5})`);
      });
      await expect(
        db.transaction(async (tx) => {
          await queryRows(tx, sql`INSERT INTO kept VALUES (${6})`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await queryRows(db, sql`SELECT n FROM kept`)).toEqual([{ n: 5 }]);
    } finally {
      await created.dispose();
    }
  });
});
