import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { type Database, defaultPoolSize, openDatabase, queryRows } from '../../src/db/client.ts';
import { createTestDatabase } from '../helpers.ts';

/**
 * How many connections an instance keeps to PostgreSQL (docs/decisions/059): four a core of its
 * machine, 4 to 20, unless DATABASE_POOL_MAX says (config.test.ts reads the variable).
 */
describe('the pool size', () => {
  it('is four connections a core, at least 4 and at most 20', () => {
    expect([1, 2, 3, 4, 5, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 8, 12, 16, 20, 20]);
  });
});

describe.runIf(process.env.DATABASE_URL)('the pool on PostgreSQL', () => {
  const created: { dispose(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const d of created) await d.dispose();
  });

  /**
   * Backends that served `n` queries sent at once. Each waits on a lock held elsewhere until as
   * many backends as the pool opened are waiting on it, so none is done (and its connection
   * free for another) before the pool opened all it would.
   */
  async function backendsFor(database: Database, url: string, n: number, expected: number): Promise<number> {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(59)');
      const running = Promise.all(
        Array.from({ length: n }, () =>
          queryRows<{ pid: number }>(
            database.db,
            sql`SELECT pg_backend_pid() AS pid FROM pg_advisory_xact_lock_shared(59)`,
          ),
        ),
      );
      const waiting = async () =>
        Number(
          (
            await holder.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND objid = 59 AND NOT granted`,
            )
          ).rows[0]?.n,
        );
      await vi.waitFor(async () => expect(await waiting()).toBeGreaterThanOrEqual(expected), {
        timeout: 10_000,
      });
      await holder.query('SELECT pg_advisory_unlock(59)');
      const rows = await running;
      return new Set(rows.map(([row]) => row?.pid)).size;
    } finally {
      await holder.end();
    }
  }

  async function opened(poolMax?: number) {
    const db = await createTestDatabase();
    created.push(db);
    const url = db.url ?? '';
    return { url, database: await openDatabase({ databaseUrl: url, poolMax }) };
  }

  it('opens at most the size it is given, and the default when given none', async () => {
    const three = await opened(3);
    try {
      expect(await backendsFor(three.database, three.url, 6, 3)).toBe(3);
    } finally {
      await three.database.close();
    }
    const byDefault = await opened();
    try {
      const size = defaultPoolSize();
      expect(await backendsFor(byDefault.database, byDefault.url, size + 2, size)).toBe(size);
    } finally {
      await byDefault.database.close();
    }
  });
});
