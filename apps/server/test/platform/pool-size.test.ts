import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
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

  /** Backends that served `n` queries sent at once, each holding its connection a moment. */
  async function backendsFor(database: Database, n: number): Promise<number> {
    const rows = await Promise.all(
      Array.from({ length: n }, () =>
        queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid, pg_sleep(0.2)`),
      ),
    );
    return new Set(rows.map(([row]) => row?.pid)).size;
  }

  async function opened(poolMax?: number) {
    const db = await createTestDatabase();
    created.push(db);
    return openDatabase({ databaseUrl: db.url ?? '', poolMax });
  }

  it('opens at most the size it is given, and the default when given none', async () => {
    const three = await opened(3);
    try {
      expect(await backendsFor(three, 6)).toBe(3);
    } finally {
      await three.close();
    }
    const byDefault = await opened();
    try {
      expect(await backendsFor(byDefault, defaultPoolSize() + 2)).toBe(defaultPoolSize());
    } finally {
      await byDefault.close();
    }
  });
});
