import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './client.ts';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Applies pending migrations, each in its own transaction, under a cross-instance lock. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withExclusiveLock(async () => {
    await database.execScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = new Set(await appliedMigrations(database));
    const applied: string[] = [];
    for (const file of migrationFiles()) {
      if (done.has(file)) continue;
      const script = readFileSync(join(MIGRATIONS_DIR, file), 'utf8');
      const name = file.replace(/'/g, '');
      await database.execScript(`${script}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');`);
      applied.push(file);
    }
    return applied;
  });
}

export async function appliedMigrations(database: Database): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    database.db,
    sql`SELECT name FROM schema_migrations ORDER BY name`,
  );
  return rows.map((r) => r.name);
}

/** True when every migration file has been applied (readiness check). */
export async function isMigrated(database: Database): Promise<boolean> {
  const done = new Set(await appliedMigrations(database));
  return migrationFiles().every((f) => done.has(f));
}
