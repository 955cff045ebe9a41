import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.ts';

/**
 * Vacuuming where nothing else does (docs/decisions/055). Every trade action leaves dead row
 * versions behind (the trade's, its pair's and parties' counter rows, the outbox's); a server
 * whose autovacuum is off, and the embedded database (one process, no autovacuum workers), never
 * clears them, and every action then pays for more of them: PostgreSQL's CPU per action rose
 * from 2.3 to 4.9 ms in three minutes of trading. An instance on such a database vacuums, every
 * few seconds, the tables whose dead rows passed autovacuum's own default threshold.
 */

/** Autovacuum's defaults: a table is due once its dead rows pass 50 + 20 % of its live ones. */
export const VACUUM_THRESHOLD = { rows: 50, share: 0.2 } as const;

/** Whether anything vacuums this database but us: PostgreSQL with its autovacuum on. */
export async function autovacuumRuns(database: Database): Promise<boolean> {
  if (database.engine === 'pglite') return false;
  const [row] = await queryRows<{ on: boolean }>(
    database.db,
    sql`SELECT current_setting('autovacuum') = 'on' AS on`,
  );
  return row?.on ?? true;
}

/**
 * One pass: vacuums the tables of the current schema whose dead rows passed the threshold (most
 * dead first) and answers their names. A table another instance is vacuuming is skipped, not
 * waited for (SKIP_LOCKED); plain VACUUM blocks no reader and no writer.
 */
export async function vacuumDueTables(database: Database): Promise<string[]> {
  const due = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT relname AS name FROM pg_stat_user_tables
        WHERE schemaname = current_schema()
          AND n_dead_tup > ${VACUUM_THRESHOLD.rows}::int + ${VACUUM_THRESHOLD.share}::float8 * n_live_tup
        ORDER BY n_dead_tup DESC`,
  );
  for (const { name } of due) await database.db.execute(sql`VACUUM (SKIP_LOCKED) ${sql.identifier(name)}`);
  return due.map((t) => t.name);
}

/**
 * The pass the instance's loop runs (instance.ts): nothing while autovacuum runs, as asked
 * again on every pass (a server's setting may change), else `vacuumDueTables`.
 */
export async function vacuumUnlessAutovacuum(database: Database): Promise<string[]> {
  return (await autovacuumRuns(database)) ? [] : vacuumDueTables(database);
}
