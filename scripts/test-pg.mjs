#!/usr/bin/env node
// Runs the server suites against a real PostgreSQL: a fresh database per run (each test
// file then creates its own database beside it), dropped afterwards.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const serverUrl = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `p2p_ci_${Date.now()}_${process.pid}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(serverUrl);
url.pathname = `/${name}`;
console.log(`PostgreSQL suite on database ${name}`);

// Filters narrow the run (`npm run test:pg -- apps/server/test/contract`); vitest ORs its
// filters, so the whole server tree is the default only when none is given.
const filters = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const args = ['vitest', 'run', ...(filters.length ? [] : ['apps/server/test']), ...process.argv.slice(2)];
const run = spawnSync('npx', args, {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});
await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
await admin.end();
process.exit(run.status ?? 1);
