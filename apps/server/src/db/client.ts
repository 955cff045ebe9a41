import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { flatQuery, runRows } from './compiled.ts';
import { type DriverParts, MAX_PER_CONNECTION, preparingClient } from './prepared-statements.ts';
import type * as schema from './schema.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script in one transaction (migrations). */
  execScript(script: string): Promise<void>;
  /** Runs `fn` while holding a database-wide lock (one migrator at a time across instances). */
  withExclusiveLock<T>(fn: () => Promise<T>): Promise<T>;
  /** The embedded database's data directory as a tarball (a template for tests). */
  dumpDataDir?: () => Promise<Blob | File>;
  close(): Promise<void>;
}

/** Where pool errors are reported (the server's logger; stderr by default). */
export interface DatabaseLog {
  error(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory for the embedded database; `null` keeps it in memory (tests). */
  dataDir?: string | null;
  /**
   * An in-memory embedded database starts from this dump of a data directory (a migrated
   * template, `dumpDataDir`) instead of running initdb: tests open one per file in a fraction
   * of the time.
   */
  pgliteTemplate?: Blob;
  /** The pool's size on PostgreSQL; `defaultPoolSize()` unless given. */
  poolMax?: number | undefined;
  /** Named (server-side prepared) statements on PostgreSQL; on unless false (db/prepared-statements.ts). */
  preparedStatements?: boolean;
  log?: DatabaseLog;
}

const stderrLog: DatabaseLog = {
  error: (obj, msg) => console.error(msg, obj),
};

/**
 * Connections an instance keeps to PostgreSQL unless told (DATABASE_POOL_MAX): four a core of
 * this machine, 4 to 20 (docs/decisions/059). More backends than that on the cores that run them
 * do not finish more transactions; they wait on each other's locks and cost PostgreSQL more CPU
 * per action (measured on 2 cores: 8 against 20, 2.6–2.9 against 4.1–4.9 ms per trade action).
 */
export function defaultPoolSize(cores: number = availableParallelism()): number {
  return Math.min(20, Math.max(4, 4 * cores));
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(
        options.databaseUrl,
        options.poolMax ?? defaultPoolSize(),
        options.preparedStatements ?? true,
        options.log ?? stderrLog,
      )
    : openPglite(options.dataDir ?? null, options.pgliteTemplate);
}

// Each engine's driver is loaded only when that engine is opened.
async function openPostgres(
  url: string,
  max: number,
  prepared: boolean,
  log: DatabaseLog,
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 10_000,
    ...(prepared ? { Client: preparingClient(pg.Client, MAX_PER_CONNECTION, driverParts(pg)) } : {}),
  });
  // An idle client that loses its connection (server restart, network cut) emits 'error' on
  // the pool: logged, not fatal; the pool drops that client and the next query reconnects.
  pool.on('error', (err) => log.error({ err }, 'database pool: idle client failed'));
  // No schema given: the app writes no relational queries (`db.query.*`), and with one each
  // transaction builds a query builder per table (docs/decisions/057).
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    async execScript(script) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(script);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async withExclusiveLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(7240001)');
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(7240001)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** The driver's query class and value mapping, for a statement that rides ahead (db/prepared-statements.ts). */
function driverParts(pg: typeof import('pg').default): DriverParts {
  const { utils } = pg as unknown as { utils: { prepareValue: DriverParts['prepareValue'] } };
  return { Query: pg.Query, prepareValue: utils.prepareValue };
}

/**
 * The embedded server's settings (docs/decisions/014-deployment.md): PostgreSQL's defaults
 * size shared buffers for a machine of its own (128 MB, all of it WebAssembly memory that is
 * never given back); a marketplace's working set fits in far less.
 */
export const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB'];

function pgliteOptions(PGlite: typeof import('@electric-sql/pglite').PGlite) {
  return { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])] };
}

/**
 * Creates the embedded cluster (initdb) in a short-lived child process. initdb grows the
 * WebAssembly memory to several hundred megabytes, which a process never returns; done here,
 * the server then opens an existing directory and idles at a fraction of that.
 */
function initPgliteDir(dir: string): void {
  const module = import.meta.resolve('@electric-sql/pglite');
  const script =
    `const { PGlite } = await import(${JSON.stringify(module)});` +
    `const db = await PGlite.create(process.env.PGLITE_INIT_DIR); await db.close();`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, PGLITE_INIT_DIR: dir },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`creating the embedded database in ${dir} failed: ${run.stderr}`);
}

/**
 * A cluster with every migration applied, made by `npm run build` beside the bundle
 * (cli/pglite-template.ts; docs/decisions/014-deployment.md). A new data directory starts as a
 * copy of it: no initdb, no migrations to run, and nothing of either in this process's memory.
 * Run from the sources (tests, `npm run dev`) there is none and initdb runs as before.
 */
export const PGLITE_TEMPLATE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/** A new embedded cluster in `dir`: a copy of the built template, else initdb. */
function createPgliteDir(dir: string): void {
  if (existsSync(join(PGLITE_TEMPLATE_DIR, 'PG_VERSION')))
    cpSync(PGLITE_TEMPLATE_DIR, dir, { recursive: true });
  else initPgliteDir(dir);
}

async function openPglite(dataDir: string | null, template?: Blob): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
  ]);
  let client: PGlite;
  if (dataDir) {
    const dir = join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    if (!existsSync(join(dir, 'PG_VERSION'))) createPgliteDir(dir);
    client = await PGlite.create(dir, pgliteOptions(PGlite));
  } else {
    client = await PGlite.create({
      ...pgliteOptions(PGlite),
      ...(template ? { loadDataDir: template } : {}),
    });
  }
  const db = drizzlePglite(client) as unknown as Db; // no schema: as `openPostgres`
  return {
    db,
    engine: 'pglite',
    async execScript(script) {
      await client.transaction(async (tx) => {
        await tx.exec(script);
      });
    },
    // One process owns an embedded database, so there is nobody to race with.
    withExclusiveLock: (fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * Runs raw SQL and returns its rows (both drivers answer `{ rows }`), its text written by
 * `flatQuery`'s shorter road where it can (docs/decisions/055).
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return runRows<T>(db, flatQuery(query));
}
