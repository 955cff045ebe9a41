import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The migrated template every test file's database is copied from: a PGlite data-directory
     * dump (a file path) or, with DATABASE_URL, the name of a template database on that server.
     */
    dbTemplate: string;
  }
}

/**
 * Migrates one database per run and hands it to every test file as a template, so a file's
 * fresh database costs a copy instead of initdb plus every migration (helpers.ts).
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: null });
    await migrate(database);
    const dump = await database.dumpDataDir?.();
    await database.close();
    if (!dump) throw new Error('the embedded database cannot dump its data directory');
    const file = join(tmpdir(), `p2p-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('dbTemplate', file);
    return () => rmSync(file, { force: true });
  }
  const name = `p2p_tpl_${randomBytes(6).toString('hex')}`;
  await onServer(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Two connections: the migration lock holds one while the scripts run on the other.
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 2 });
  await migrate(database);
  await database.close();
  project.provide('dbTemplate', name);
  return () => onServer(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function onServer(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
