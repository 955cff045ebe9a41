import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../src/db/client.ts';
import { autovacuumRuns, vacuumDueTables, vacuumUnlessAutovacuum } from '../../src/db/maintenance.ts';
import { createTestDatabase } from '../helpers.ts';

/** Vacuuming where autovacuum does not run (db/maintenance.ts), on both engines. */
describe('vacuum where nothing else does', () => {
  let database: Database;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    ({ database, dispose } = await createTestDatabase());
  });
  afterAll(async () => {
    await dispose();
  });

  const dead = async (table: string) => {
    const [row] = await queryRows<{ dead: number }>(
      database.db,
      sql`SELECT n_dead_tup::int AS dead FROM pg_stat_user_tables
          WHERE schemaname = current_schema() AND relname = ${table}`,
    );
    return row?.dead ?? -1;
  };

  /** `table` with 100 rows, each then updated `rounds` times, its statistics flushed. */
  const churned = async (table: string, rounds: number) => {
    await database.db.execute(
      sql`CREATE TABLE ${sql.identifier(table)} (id int PRIMARY KEY, n int NOT NULL)`,
    );
    await database.db.execute(
      sql`INSERT INTO ${sql.identifier(table)} SELECT g, 0 FROM generate_series(1, 100) g`,
    );
    await database.db.transaction(async (tx) => {
      // The counts this session holds reach the shared statistics when it commits.
      await tx.execute(sql`SELECT pg_stat_force_next_flush()`);
      for (let i = 0; i < rounds; i++) await tx.execute(sql`UPDATE ${sql.identifier(table)} SET n = n + 1`);
    });
  };

  it('tells whether autovacuum runs: never on the embedded database, else the server setting', async () => {
    const [setting] = await queryRows<{ autovacuum: string }>(
      database.db,
      sql`SELECT current_setting('autovacuum') AS autovacuum`,
    );
    expect(await autovacuumRuns(database)).toBe(
      database.engine === 'postgres' && setting?.autovacuum === 'on',
    );
  });

  it('vacuums the tables whose dead rows passed the threshold, and only those', async () => {
    await churned('vacuum_churn', 3); // 300 dead rows of 100 live: due
    await churned('vacuum_calm', 0); // none
    expect(await dead('vacuum_churn')).toBeGreaterThanOrEqual(300);
    const vacuumed = await vacuumDueTables(database);
    expect(vacuumed).toContain('vacuum_churn');
    expect(vacuumed).not.toContain('vacuum_calm');
    expect(await dead('vacuum_churn')).toBe(0);
  });

  it('leaves the vacuuming to autovacuum where it runs', async () => {
    await churned('vacuum_again', 3);
    const vacuumed = await vacuumUnlessAutovacuum(database);
    if (await autovacuumRuns(database)) expect(vacuumed).toEqual([]);
    else expect(vacuumed).toContain('vacuum_again');
  });
});
