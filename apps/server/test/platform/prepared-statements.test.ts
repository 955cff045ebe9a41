import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, queryRows } from '../../src/db/client.ts';
import {
  allInOneRoundTrip,
  commitWithNextStatement,
  inOneRoundTrip,
  MAX_PER_CONNECTION,
  preparingClient,
} from '../../src/db/prepared-statements.ts';
import { createTestDatabase } from '../helpers.ts';
import { countStatements } from '../statements.ts';

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

/** A connected preparing client, and how many ReadyForQuery messages (round trips) it received. */
async function countingClient() {
  const parts = {
    Query: pg.Query,
    prepareValue: (pg as unknown as { utils: { prepareValue(v: unknown): unknown } }).utils.prepareValue,
  };
  const client = new (preparingClient(pg.Client, MAX_PER_CONNECTION, parts))({
    connectionString: process.env.DATABASE_URL,
  });
  await client.connect();
  const counter = { client, roundTrips: 0 };
  (client as unknown as { connection: { on(e: string, f: () => void): void } }).connection.on(
    'readyForQuery',
    () => counter.roundTrips++,
  );
  return counter;
}

/**
 * For a describe block: a counting client, and a second connection (`observer`) that sees what
 * committed to `table`, created anew by `ddl` before the block and dropped after it.
 */
function observedTable(table: string, ddl: string) {
  const handles = {} as {
    counted: Awaited<ReturnType<typeof countingClient>>;
    client: pg.Client;
    observer: pg.Client;
  };
  beforeAll(async () => {
    handles.counted = await countingClient();
    handles.client = handles.counted.client;
    handles.observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await handles.observer.connect();
    await handles.observer.query(`DROP TABLE IF EXISTS ${table}`);
    await handles.observer.query(ddl);
  });
  afterAll(async () => {
    await handles.observer.query(`DROP TABLE IF EXISTS ${table}`);
    await Promise.all([handles.client.end(), handles.observer.end()]);
  });
  const committed = async () =>
    (await handles.observer.query(`SELECT n FROM ${table} ORDER BY n`)).rows.map((r: { n: number }) => r.n);
  return { handles, committed };
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
  let counted: Awaited<ReturnType<typeof countingClient>>;
  let client: pg.Client;

  beforeAll(async () => {
    counted = await countingClient();
    client = counted.client;
    await client.query('CREATE TEMP TABLE deferred_begin (n int PRIMARY KEY)');
  });
  afterAll(async () => {
    await client.end();
  });

  const rows = async () =>
    (await client.query('SELECT n FROM deferred_begin ORDER BY n')).rows.map((r: { n: number }) => r.n);

  it('sends the BEGIN with the first statement: one round trip for both, and the statement is inside it', async () => {
    counted.roundTrips = 0;
    await client.query({ text: 'begin', values: [] });
    expect(counted.roundTrips).toBe(0);
    const inserted = await client.query('INSERT INTO deferred_begin VALUES ($1) RETURNING n', [1]);
    expect(inserted.rows).toEqual([{ n: 1 }]);
    expect(inserted.command).toBe('INSERT');
    expect(counted.roundTrips).toBe(1);
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
    counted.roundTrips = 0;
    await client.query('BEGIN');
    const results = await client.query(
      'INSERT INTO deferred_begin VALUES (3); INSERT INTO deferred_begin VALUES (4)',
    );
    expect(Array.isArray(results)).toBe(true);
    expect(counted.roundTrips).toBe(2);
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

describe.runIf(process.env.DATABASE_URL)(
  "a transaction's last statement carries its COMMIT (PostgreSQL)",
  () => {
    let counted: Awaited<ReturnType<typeof countingClient>>;
    let client: pg.Client;
    const last = () => (client as unknown as { commitWithNextStatement(): void }).commitWithNextStatement();
    /** A transaction with row `n` written, whose next statement is marked as its last. */
    const beganWith = async (n: number) => {
      await client.query('BEGIN');
      await client.query('INSERT INTO commit_rides VALUES ($1)', [n]);
      last();
    };

    const { handles, committed } = observedTable(
      'commit_rides',
      // Deferred: a duplicate fails at COMMIT, not at the INSERT.
      'CREATE TABLE commit_rides (n int, CONSTRAINT commit_rides_n UNIQUE (n) DEFERRABLE INITIALLY DEFERRED)',
    );
    beforeAll(() => {
      ({ counted, client } = handles);
    });

    it('commits in the round trip of the last statement, and answers the COMMIT after it without one', async () => {
      counted.roundTrips = 0;
      await beganWith(1);
      const answer = await client.query('INSERT INTO commit_rides VALUES ($1) RETURNING n', [2]);
      expect(answer.rows).toEqual([{ n: 2 }]);
      expect(answer.command).toBe('INSERT');
      expect(counted.roundTrips).toBe(2);
      expect(client.getTransactionStatus()).toBe('I');
      expect(await committed()).toEqual([1, 2]);
      expect((await client.query('COMMIT')).command).toBe('COMMIT');
      expect(counted.roundTrips).toBe(2);
      // The next transaction is an ordinary one: its statements wait for its own COMMIT.
      await client.query('BEGIN');
      await client.query('INSERT INTO commit_rides VALUES ($1)', [3]);
      expect(await committed()).toEqual([1, 2]);
      await client.query('ROLLBACK');
      expect(await committed()).toEqual([1, 2]);
    });

    it('commits nothing when the last statement fails: the transaction is aborted and rolls back', async () => {
      await beganWith(10);
      await expect(client.query('INSERT INTO commit_rides VALUES ($1::int / 0)', [11])).rejects.toThrow(
        /division by zero/,
      );
      await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
      expect(client.getTransactionStatus()).toBe('E');
      await client.query('ROLLBACK');
      expect(client.getTransactionStatus()).toBe('I');
      expect(await committed()).toEqual([1, 2]);
    });

    it('fails the last statement when its COMMIT fails, and nothing is kept', async () => {
      await beganWith(20);
      // The duplicate is found at COMMIT (the constraint is deferred): the statement itself ran.
      await expect(client.query('INSERT INTO commit_rides VALUES ($1)', [20])).rejects.toThrow(
        /commit_rides_n/,
      );
      // No transaction is left, aborted or not: the next statement runs (the status is read after
      // its round trip: a query rejects on the ErrorResponse, before its ReadyForQuery).
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      expect(client.getTransactionStatus()).toBe('I');
      // The caller's ROLLBACK goes to PostgreSQL, which has no transaction left: a warning only.
      await client.query('ROLLBACK');
      expect(await committed()).toEqual([1, 2]);
    });

    it('sends no COMMIT when the values fail to bind: the transaction stays open', async () => {
      await beganWith(30);
      const unmappable = {
        toPostgres() {
          throw new Error('cannot map this value');
        },
      };
      await expect(client.query('INSERT INTO commit_rides VALUES ($1)', [unmappable])).rejects.toThrow(
        /cannot map this value/,
      );
      expect(await committed()).toEqual([1, 2]);
      await client.query('ROLLBACK');
      expect(await committed()).toEqual([1, 2]);
    });

    it('refuses a statement after the commit (it would run outside the transaction); a ROLLBACK has nothing to undo', async () => {
      await client.query('BEGIN');
      last();
      await client.query('INSERT INTO commit_rides VALUES ($1)', [40]);
      await expect(client.query('INSERT INTO commit_rides VALUES ($1)', [41])).rejects.toThrow(
        /nothing may run in it after that/,
      );
      expect(await committed()).toEqual([1, 2, 40]);
      await client.query('BEGIN');
      last();
      await client.query('INSERT INTO commit_rides VALUES ($1)', [42]);
      expect((await client.query('ROLLBACK')).command).toBe('ROLLBACK');
      expect(await committed()).toEqual([1, 2, 40, 42]);
    });

    it('forgets a mark that no statement took: the next transaction commits only when it says so', async () => {
      await client.query('BEGIN');
      last();
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      await client.query('INSERT INTO commit_rides VALUES ($1)', [50]);
      expect(await committed()).toEqual([1, 2, 40, 42]);
      await client.query('ROLLBACK');
      expect(await committed()).toEqual([1, 2, 40, 42]);
    });

    it('through Drizzle and the pool: two statements, two round trips; inside a savepoint the mark does nothing', async () => {
      const created = await createTestDatabase();
      try {
        const { db } = created.database;
        await queryRows(db, sql`CREATE TABLE kept (n int)`);
        const sent = await countStatements(created.database, () =>
          db.transaction(async (tx) => {
            await queryRows(tx, sql`INSERT INTO kept VALUES (${0})`);
            commitWithNextStatement(tx);
            await queryRows(tx, sql`DELETE FROM kept WHERE n = ${0}`);
          }),
        );
        expect(sent).toEqual(['INSERT INTO kept VALUES ($1)', 'DELETE FROM kept WHERE n = $1']);
        const answer = await db.transaction(async (tx) => {
          await queryRows(tx, sql`INSERT INTO kept VALUES (${1})`);
          await tx.transaction(async (nested) => {
            commitWithNextStatement(nested);
            await queryRows(nested, sql`INSERT INTO kept VALUES (${2})`);
          });
          commitWithNextStatement(tx);
          return queryRows<{ n: number }>(tx, sql`INSERT INTO kept VALUES (${3}) RETURNING n`);
        });
        expect(answer).toEqual([{ n: 3 }]);
        expect(await queryRows(db, sql`SELECT n FROM kept ORDER BY n`)).toEqual([
          { n: 1 },
          { n: 2 },
          { n: 3 },
        ]);
        // Outside a transaction the mark is not taken: the pool's statement commits by itself.
        commitWithNextStatement(db);
        await queryRows(db, sql`INSERT INTO kept VALUES (${4})`);
        // A transaction that throws after its last statement has committed: the error still reaches
        // the caller, and the ROLLBACK after it has nothing to undo.
        await expect(
          db.transaction(async (tx) => {
            commitWithNextStatement(tx);
            await queryRows(tx, sql`INSERT INTO kept VALUES (${5})`);
            throw new Error('thrown after the last statement');
          }),
        ).rejects.toThrow('thrown after the last statement');
        expect(await queryRows(db, sql`SELECT n FROM kept ORDER BY n`)).toEqual(
          [1, 2, 3, 4, 5].map((n) => ({ n })),
        );
      } finally {
        await created.dispose();
      }
    });
  },
);

describe.runIf(process.env.DATABASE_URL)('a statement rides ahead of the next one (PostgreSQL)', () => {
  let counted: Awaited<ReturnType<typeof countingClient>>;
  let client: pg.Client;
  let observer: pg.Client;
  /** What inOneRoundTrip takes: a transaction whose session holds the client (as Drizzle's does). */
  const tx = () => ({ session: { client } });
  const run = (text: string, values: unknown[]) => () => client.query(text, values);

  const { handles, committed } = observedTable('rides_ahead', 'CREATE TABLE rides_ahead (n int PRIMARY KEY)');
  beforeAll(() => {
    ({ counted, client, observer } = handles);
  });

  it('sends both in one round trip; each gets its own answer, and the second sees the first', async () => {
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    counted.roundTrips = 0;
    const [first, second] = await inOneRoundTrip(
      tx(),
      run('INSERT INTO rides_ahead VALUES ($1), ($1 + 1) RETURNING n', [1]),
      run('SELECT count(*)::int AS seen FROM rides_ahead WHERE n >= $1', [1]),
    );
    expect(counted.roundTrips).toBe(1);
    expect(first.command).toBe('INSERT');
    expect(first.rows).toEqual([{ n: 1 }, { n: 2 }]);
    expect(second.rows).toEqual([{ seen: 2 }]);
    // The connection goes on as usual, in the same transaction.
    expect((await client.query('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
    expect(client.getTransactionStatus()).toBe('T');
    await client.query('COMMIT');
    expect(await committed()).toEqual([1, 2]);
  });

  it('parses the statement ahead once per connection, and runs it by name after', async () => {
    const text = 'UPDATE rides_ahead SET n = n WHERE n = $1 RETURNING n';
    for (const n of [1, 2]) {
      await client.query('BEGIN');
      await client.query('SELECT 1 WHERE $1::int = 1', [1]);
      const [ahead] = await inOneRoundTrip(tx(), run(text, [n]), run('SELECT $1::int AS n', [n]));
      expect(ahead.rows).toEqual([{ n }]);
      await client.query('COMMIT');
    }
    const held = await client.query(
      'SELECT count(*)::int AS held FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    expect(held.rows).toEqual([{ held: 1 }]);
  });

  it('commits with the second statement when it carries the COMMIT, all in one round trip', async () => {
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    counted.roundTrips = 0;
    await inOneRoundTrip(tx(), run('INSERT INTO rides_ahead VALUES ($1)', [3]), () => {
      (client as unknown as { commitWithNextStatement(): void }).commitWithNextStatement();
      return client.query('INSERT INTO rides_ahead VALUES ($1)', [4]);
    });
    expect(counted.roundTrips).toBe(1);
    expect(client.getTransactionStatus()).toBe('I');
    expect(await committed()).toEqual([1, 2, 3, 4]);
    expect((await client.query('COMMIT')).command).toBe('COMMIT');
  });

  it("skips the second statement and its COMMIT when the first fails, and throws the first one's error", async () => {
    await client.query('BEGIN');
    await client.query('INSERT INTO rides_ahead VALUES ($1)', [5]);
    counted.roundTrips = 0;
    await expect(
      inOneRoundTrip(tx(), run('INSERT INTO rides_ahead VALUES ($1)', [1]), () => {
        (client as unknown as { commitWithNextStatement(): void }).commitWithNextStatement();
        return client.query('INSERT INTO rides_ahead VALUES ($1)', [6]);
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(counted.roundTrips).toBe(1);
    await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await client.query('ROLLBACK');
    expect(await committed()).toEqual([1, 2, 3, 4]);
  });

  it('does not take a statement that failed to parse ahead as prepared: it is parsed again next time', async () => {
    const text = 'SELECT n FROM rides_later WHERE n = $1';
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    await expect(inOneRoundTrip(tx(), run(text, [1]), run('SELECT $1::int', [1]))).rejects.toThrow(
      /rides_later/,
    );
    await client.query('ROLLBACK');
    await client.query('CREATE TEMP TABLE rides_later (n int)');
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    const [ahead, behind] = await inOneRoundTrip(tx(), run(text, [1]), run('SELECT $1::int AS n', [7]));
    expect(ahead.rows).toEqual([]);
    expect(behind.rows).toEqual([{ n: 7 }]);
    await client.query('ROLLBACK');
  });

  it('sends the first on its own when the second cannot carry it, or fails before sending, and keeps the order', async () => {
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    counted.roundTrips = 0;
    const [first, second] = await inOneRoundTrip(
      tx(),
      run('INSERT INTO rides_ahead VALUES ($1) RETURNING n', [8]),
      () => client.query('SELECT count(*)::int AS seen FROM rides_ahead WHERE n = 8'),
    );
    expect(first.rows).toEqual([{ n: 8 }]);
    expect(second.rows).toEqual([{ seen: 1 }]);
    expect(counted.roundTrips).toBe(2);
    // A second that throws before reaching the driver: the first still goes, and its error wins nothing.
    const failing = inOneRoundTrip(
      tx(),
      run('INSERT INTO rides_ahead VALUES ($1) RETURNING n', [9]),
      async () => {
        throw new Error('no statement after all');
      },
    );
    await expect(failing).rejects.toThrow('no statement after all');
    expect((await client.query('SELECT n FROM rides_ahead WHERE n = $1', [9])).rows).toEqual([{ n: 9 }]);
    // A first that sends nothing holds nothing: the second goes as usual.
    const [none, alone] = await inOneRoundTrip(
      tx(),
      async () => 'nothing sent',
      run('SELECT $1::int AS n', [10]),
    );
    expect(none).toBe('nothing sent');
    expect(alone.rows).toEqual([{ n: 10 }]);
    await client.query('ROLLBACK');
    expect(await committed()).toEqual([1, 2, 3, 4]);
  });

  it('fails the statement ahead, and sends nothing, when its values cannot be mapped', async () => {
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    const unmappable = {
      toPostgres() {
        throw new Error('cannot map this value');
      },
    };
    await expect(
      inOneRoundTrip(tx(), run('INSERT INTO rides_ahead VALUES ($1)', [unmappable]), () => {
        (client as unknown as { commitWithNextStatement(): void }).commitWithNextStatement();
        return client.query('INSERT INTO rides_ahead VALUES ($1)', [11]);
      }),
    ).rejects.toThrow(/cannot map this value/);
    // The transaction is still open and nothing was committed; it rolls back.
    expect(client.getTransactionStatus()).toBe('T');
    await client.query('ROLLBACK');
    expect(await committed()).toEqual([1, 2, 3, 4]);
  });

  it('chains any number: all in one round trip, and a failure in the middle skips the rest', async () => {
    await client.query('BEGIN');
    await client.query('SELECT 1 WHERE $1::int = 1', [1]);
    counted.roundTrips = 0;
    const answers = await allInOneRoundTrip(tx(), [
      run('INSERT INTO rides_ahead VALUES ($1) RETURNING n', [20]),
      run('INSERT INTO rides_ahead VALUES ($1) RETURNING n', [21]),
      run('SELECT count(*)::int AS seen FROM rides_ahead WHERE n >= $1', [20]),
    ]);
    expect(counted.roundTrips).toBe(1);
    expect(answers.map((a) => (a as pg.QueryResult).rows)).toEqual([[{ n: 20 }], [{ n: 21 }], [{ seen: 2 }]]);
    const third = vi.fn(() => client.query('INSERT INTO rides_ahead VALUES ($1)', [23]));
    const first = client.query.bind(client);
    let firstAnswer: unknown;
    await expect(
      allInOneRoundTrip(tx(), [
        async () => {
          firstAnswer = await first('INSERT INTO rides_ahead VALUES ($1) RETURNING n', [22]);
        },
        run('INSERT INTO rides_ahead VALUES ($1)', [20]),
        third,
      ]),
    ).rejects.toThrow(/duplicate key/);
    expect((firstAnswer as pg.QueryResult).rows).toEqual([{ n: 22 }]);
    expect(third).toHaveBeenCalledOnce();
    await expect(client.query('SELECT 1')).rejects.toThrow(/current transaction is aborted/);
    await client.query('ROLLBACK');
    expect(await committed()).toEqual([1, 2, 3, 4]);
    expect(await allInOneRoundTrip(tx(), [])).toEqual([]);
  });

  it('fails both, and hangs neither, when the connection is lost while they run', async () => {
    const lost = await countingClient();
    lost.client.on('error', () => {});
    await lost.client.query('BEGIN');
    const pid = (await lost.client.query('SELECT pg_backend_pid() AS pid WHERE $1::int = 1', [1])).rows[0]
      .pid;
    const both = inOneRoundTrip(
      { session: { client: lost.client } },
      () => lost.client.query('SELECT pg_sleep($1)', [5]),
      () => lost.client.query('SELECT $1::int', [1]),
    );
    // Terminated while the statement ahead runs: once PostgreSQL shows it sleeping.
    await vi.waitFor(
      async () => {
        const { rows } = await observer.query(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1 AND wait_event = 'PgSleep'",
          [pid],
        );
        expect(rows[0].n).toBe(1);
      },
      { timeout: 5_000, interval: 10 },
    );
    // Watched before the kill: `both` may fail before the kill's own answer arrives.
    const failed = expect(both).rejects.toThrow(/terminat/);
    await observer.query('SELECT pg_terminate_backend($1)', [pid]);
    await failed;
  });

  it('runs the two one after the other through Drizzle on a pool, and in one round trip in its transactions', async () => {
    const created = await createTestDatabase();
    try {
      const { db } = created.database;
      await queryRows(db, sql`CREATE TABLE kept (n int)`);
      const sent = await countStatements(created.database, () =>
        db.transaction(async (tx) => {
          await queryRows(tx, sql`INSERT INTO kept VALUES (${0})`);
          const [written, seen] = await inOneRoundTrip(
            tx,
            () => queryRows<{ n: number }>(tx, sql`INSERT INTO kept VALUES (${1}) RETURNING n`),
            () => queryRows<{ c: number }>(tx, sql`SELECT count(*)::int AS c FROM kept WHERE n >= ${0}`),
          );
          expect(written).toEqual([{ n: 1 }]);
          expect(seen).toEqual([{ c: 2 }]);
        }),
      );
      // The statement ahead does not pass through the driver's query(): two round trips, not three.
      expect(sent).toEqual([
        'INSERT INTO kept VALUES ($1)',
        'SELECT count(*)::int AS c FROM kept WHERE n >= $1',
        'commit',
      ]);
      const [a, b] = await inOneRoundTrip(
        db,
        () => queryRows<{ n: number }>(db, sql`SELECT ${2}::int AS n`),
        () => queryRows<{ n: number }>(db, sql`SELECT ${3}::int AS n`),
      );
      expect([a, b]).toEqual([[{ n: 2 }], [{ n: 3 }]]);
    } finally {
      await created.dispose();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)(
  'rows as arrays are described without an object of columns (PostgreSQL)',
  () => {
    let counted: Awaited<ReturnType<typeof countingClient>>;
    beforeAll(async () => {
      counted = await countingClient();
    });
    afterAll(() => counted.client.end());

    /** A query config with the row mode and a type parser of its own, as Drizzle's are. */
    const config = (rowMode: 'array' | undefined, text: string) => ({
      text,
      ...(rowMode ? { rowMode } : {}),
      types: {
        getTypeParser: (oid: number) =>
          oid === 1184 ? (v: string) => `at ${v.slice(0, 4)}` : pg.types.getTypeParser(oid),
      },
    });
    /** The driver's query, to read the result it built. */
    const submit = (query: pg.Query) =>
      new Promise<{ rows: unknown[]; fields: { name: string }[] }>((resolve, reject) => {
        query.on('end', resolve);
        query.on('error', reject);
        counted.client.query(query);
      });

    it("parses each column with the query's own types, held ahead or not, and builds no object of columns", async () => {
      const text =
        "SELECT $1::int AS n, TIMESTAMPTZ '2026-11-30 10:00Z' AS at, NULL::text AS none, $2::text AS word";
      const { client } = counted;
      await client.query('BEGIN');
      await client.query('SELECT 1 WHERE $1::int = 1', [1]);
      const [ahead, active] = await inOneRoundTrip(
        { session: { client } },
        () => client.query(config('array', text) as pg.QueryConfig, [7, 'да']),
        () => client.query(config('array', text) as pg.QueryConfig, [8, 'нет']),
      );
      await client.query('COMMIT');
      expect(ahead.rows).toEqual([[7, 'at 2026', null, 'да']]);
      expect(active.rows).toEqual([[8, 'at 2026', null, 'нет']]);
      expect(active.fields.map((f) => f.name)).toEqual(['n', 'at', 'none', 'word']);

      const asArrays = new pg.Query({ ...config('array', text), values: [9, 'x'] } as pg.QueryConfig);
      const result = await submit(asArrays);
      expect(result.rows).toEqual([[9, 'at 2026', null, 'x']]);
      // pg's own description builds it for every query; rows as arrays never read it.
      expect(
        (asArrays as unknown as { _result: { _prebuiltEmptyResultObject: unknown } })._result,
      ).toMatchObject({ _prebuiltEmptyResultObject: null });
    });

    it('leaves rows as objects, and a text of several statements, to pg', async () => {
      const text = "SELECT $1::int AS n, TIMESTAMPTZ '2026-11-30 10:00Z' AS at";
      const asObjects = await counted.client.query(config(undefined, text) as pg.QueryConfig, [1]);
      expect(asObjects.rows).toEqual([{ n: 1, at: 'at 2026' }]);
      const several = (await counted.client.query({
        text: 'SELECT 1 AS a; SELECT 2 AS b',
        rowMode: 'array',
      })) as unknown as { rows: unknown[] }[];
      expect(several.map((r) => r.rows)).toEqual([[[1]], [[2]]]);
    });
  },
);
