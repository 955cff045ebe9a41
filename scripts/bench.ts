/**
 * `npm run bench`: throughput of the real app over real HTTP on PostgreSQL, next to a raw
 * baseline that runs the same SQL without the app's layers (scripts/bench-baseline.ts).
 *
 *   (a) trade lifecycles/s: open -> mark_paid -> confirm_payment -> release_crypto
 *   (b) order-book requests/s: GET /api/v1/orders?type=sell&cryptocurrency=BTC&limit=20
 *       over 10,000 active orders (bulk-seeded with a sound ledger, scripts/bench-seed.ts)
 *
 * A fresh database p2p_bench_<ts> is created on the server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. The ledger audit runs
 * after seeding and after the load; the script exits 1 if it finds anything.
 * Each target is measured for BENCH_SECONDS (12) in BENCH_ROUNDS (4) slices that alternate
 * with the other targets of its phase, after a BENCH_WARMUP (2 s) warm-up; BENCH_CONCURRENCY
 * (16) clients; BENCH_KEEP_DB=1 keeps the database for inspection.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { auditLedger } from '../apps/server/src/modules/ledger/audit.ts';
import * as ledger from '../apps/server/src/modules/ledger/ledger.ts';
import { OrdersService } from '../apps/server/src/modules/orders/orders.service.ts';
import { rebuildReputationCounters } from '../apps/server/src/modules/users/reputation-counters.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repository.ts';
import { baselineStatements, type Statement, startBaseline } from './bench-baseline.ts';
import { interleaved, type LoadResult, ok, request } from './bench-load.ts';
import { seedBook } from './bench-seed.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const POOL = 20; // the app's default pool size; the baseline gets the same
const BOOK = '/api/v1/orders?type=sell&cryptocurrency=BTC&limit=20';
const load = { concurrency: CONCURRENCY, seconds: SECONDS, warmupS: WARMUP, rounds: ROUNDS };

interface Pair {
  buyer: Party;
  seller: Party;
  orderId: string;
}
interface Party {
  id: string;
  token: string;
  sessionId: string;
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `p2p_bench_${Date.now()}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Records the SQL statements the app's pool runs during `fn` (drift report, book replay). */
async function captureStatements(fn: () => Promise<unknown>): Promise<Statement[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Statement[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') seen.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) {
      const q = first as { text: string; values?: unknown[] };
      // node-postgres takes the values inside the config or as the second argument.
      seen.push({ text: q.text, values: q.values ?? (Array.isArray(second) ? second : []) });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

/** A statement with its values inlined as literals, for pgbench. */
function inline({ text, values }: Statement): string {
  return text.replace(/\$(\d+)/g, (_: string, i: string) => {
    const v = values[Number(i) - 1];
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    const text = v instanceof Date ? v.toISOString() : String(v);
    return `'${text.replace(/'/g, "''")}'`;
  });
}

/** The book's SELECT and COUNT straight into PostgreSQL: the database's own ceiling. */
function pgbenchBook(url: string, book: Statement[]): number | null {
  if (spawnSync('which', ['pgbench']).status !== 0 || book.length < 2) return null;
  const file = join(mkdtempSync(join(tmpdir(), 'p2p-bench-')), 'book.sql');
  writeFileSync(
    file,
    `${book
      .slice(0, 2)
      .map((s) => `${inline(s).replace(/\s+/g, ' ')};`)
      .join('\n')}\n`,
  );
  const args = ['-n', '-c', String(CONCURRENCY), '-j', '2', '-T', String(SECONDS), '-f', file, url];
  const run = spawnSync('pgbench', args, { encoding: 'utf8' });
  const tps = /tps = ([\d.]+)/.exec(run.stdout ?? '');
  if (!tps) console.log(`pgbench failed: ${(run.stderr ?? '').slice(0, 500)}`);
  return tps ? Number(tps[1]) : null;
}

async function main() {
  console.log(
    `bench: database ${dbName}, ${CONCURRENCY} keep-alive clients, ${SECONDS} s per target in ${ROUNDS} ` +
      `alternating slices (+${WARMUP} s warm-up); load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs`,
  );
  await admin(`CREATE DATABASE ${dbName}`);
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolMax: POOL });
  const closers: (() => Promise<unknown>)[] = [() => database.close()];
  let failed = false;
  try {
    await migrate(database);
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: dbUrl.toString(),
      RATE_LIMIT: '0',
      LOG_LEVEL: 'silent',
      DEMO_DATA: '0',
      AUTH_DEV_LOGIN: '0',
      JWT_SECRET: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'p2p-bench-data-')),
      PRICE_API_URL: 'http://127.0.0.1:9/simple/price',
    });
    const ctx = createContext(config, database, systemClock);
    const app = await buildApp(ctx, { logger: false });
    closers.unshift(() => app.close());
    const appBase = await app.listen({ host: '127.0.0.1', port: 0 });

    // Seed: 10,000 active orders in bulk, plus one seller/buyer pair per client via the services.
    const t0 = performance.now();
    const seeded = await seedBook(dbUrl.toString(), { owners: 2000, sellPerOwner: 3, buyPerOwner: 2 });
    const pairs = await makePairs(ctx, CONCURRENCY);
    console.log(
      `seeded ${seeded.sell} sell + ${seeded.buy} buy orders in bulk and ${pairs.length} funded sell orders via the services in ${Math.round(performance.now() - t0)} ms`,
    );
    // Rows written in bulk past the services: their reputation counters are recomputed.
    await rebuildReputationCounters(ctx.db);
    await expectSound(ctx, 'after seeding');

    await ok(request(appBase, 'GET', BOOK)); // warm the app's caches before capturing
    ctx.bookCache.invalidate(); // the capture must reach the database, not the book cache
    const book = await captureStatements(() => ok(request(appBase, 'GET', BOOK)));
    const baseline = await startBaseline(dbUrl.toString(), POOL, book);
    closers.unshift(
      () => baseline.app.close(),
      () => baseline.pool.end(),
    );

    const appLifecycle = lifecycle(appBase, 'app');
    const baseLifecycle = lifecycle(baseline.base, 'baseline');
    // Drift report: statements per request, app vs baseline (one warm-up lifecycle each).
    await appLifecycle(pairs[0] as Pair);
    await baseLifecycle(pairs[0] as Pair);
    const appCounts = await countAppStatements(appBase, pairs[0] as Pair);
    await ok(request(baseline.base, 'GET', '/book'));
    console.log('SQL statements per request (app / baseline):');
    for (const [k, v] of Object.entries(appCounts))
      console.log(`  ${k.padEnd(16)} ${v} / ${baselineStatements[k] ?? '?'}`);

    const rows: [string, LoadResult, LoadResult | null][] = [];
    const phase = async <K extends string>(name: string, tasks: Record<K, () => Promise<unknown>>) => {
      const t0 = performance.now();
      const wrapped = {} as Record<K, () => Promise<void>>;
      for (const k of Object.keys(tasks) as K[]) wrapped[k] = async () => void (await tasks[k]());
      const out = await interleaved(wrapped, load);
      console.log(`  measured ${name} in ${Math.round(performance.now() - t0)} ms`);
      return out;
    };
    const book1 = await phase('the order book', {
      app: () => ok(request(appBase, 'GET', BOOK)),
      base: () => ok(request(baseline.base, 'GET', '/book')),
      selectCount: () => ok(request(baseline.base, 'GET', '/book-select-count')),
    });
    rows.push(['order book GET (20 of 6k sell orders)', book1.app, book1.base]);
    rows.push(['  same, baseline = its SELECT+COUNT only', book1.app, book1.selectCount]);

    const lifecycles = { app: 0, baseline: 0 };
    let next = 0;
    const pair = () => pairs[next++ % pairs.length] as Pair;
    const cycles = await phase('trade lifecycles', {
      app: async () => {
        await appLifecycle(pair());
        lifecycles.app++;
      },
      base: async () => {
        await baseLifecycle(pair());
        lifecycles.baseline++;
      },
    });
    rows.push(['trade lifecycle (4 HTTP calls each)', cycles.app, cycles.base]);

    const book2 = await phase('the order book again', {
      app: () => ok(request(appBase, 'GET', BOOK)),
      base: () => ok(request(baseline.base, 'GET', '/book')),
    });
    rows.push([`order book GET after ${lifecycles.app + lifecycles.baseline} trades`, book2.app, book2.base]);
    const pgbench = pgbenchBook(dbUrl.toString(), book);

    printTable(rows, pgbench);
    await expectSound(ctx, `after ${lifecycles.app} app + ${lifecycles.baseline} baseline lifecycles`);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    for (const close of closers) await close().catch(() => {});
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept ${dbUrl} (BENCH_KEEP_DB=1)`);
    else {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e));
      console.log(`dropped ${dbName}`);
    }
  }
  process.exit(failed ? 1 : 0);
}

async function expectSound(ctx: ReturnType<typeof createContext>, when: string) {
  const problems = await auditLedger(ctx.db);
  if (problems.length) throw new Error(`ledger audit ${when}:\n${problems.join('\n')}`);
  console.log(`ledger audit ${when}: clean`);
}

/** One funded seller with a 100 BTC sell order and one buyer per client, with sessions. */
async function makePairs(ctx: ReturnType<typeof createContext>, n: number): Promise<Pair[]> {
  const orders = new OrdersService(ctx);
  const party = async (name: string): Promise<Party> => {
    const user = await insertUser(ctx.db, { username: name, firstName: 'Bench', now: new Date() });
    const { accessToken } = await ctx.sessions.start('user', user.id);
    const claims = await ctx.tokens.verifyAccess('user', accessToken);
    if (!claims) throw new Error('fresh token did not verify');
    return { id: user.id, token: accessToken, sessionId: claims.sessionId };
  };
  const pairs: Pair[] = [];
  for (let i = 0; i < n; i++) {
    const seller = await party(`bench_s${i}`);
    const buyer = await party(`bench_b${i}`);
    await ctx.db.transaction((tx) =>
      ledger.credit(tx, seller.id, 'BTC', 100n * 100_000_000n, { reason: 'bench funding' }, new Date()),
    );
    const { id: orderId } = await orders.create(seller.id, {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '100',
      price_per_unit: '5000000',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
      time_limit: 30,
      min_amount: '1000',
    });
    pairs.push({ buyer, seller, orderId });
  }
  return pairs;
}

/** open -> mark_paid -> confirm_payment -> release_crypto, against the app or the baseline. */
function lifecycle(base: string, target: 'app' | 'baseline') {
  const headers = (p: Party): Record<string, string> =>
    target === 'app' ? { authorization: `Bearer ${p.token}` } : { 'x-user': p.id, 'x-session': p.sessionId };
  const prefix = target === 'app' ? '/api/v1' : '';
  return async ({ buyer, seller, orderId }: Pair) => {
    const opened = await ok<{ tradeId: string }>(
      request(base, 'POST', `${prefix}/trades`, headers(buyer), {
        orderId,
        amountFiat: '5000',
        paymentMethod: 'sberbank',
      }),
    );
    const step = (who: Party, action: string) =>
      ok(
        request(base, 'POST', `${prefix}/trades/${opened.tradeId}/actions`, headers(who), {
          action,
          payload: {},
        }),
      );
    await step(buyer, 'mark_paid');
    await step(seller, 'confirm_payment');
    await step(seller, 'release_crypto');
  };
}

async function countAppStatements(base: string, { buyer, seller, orderId }: Pair) {
  const auth = (p: Party) => ({ authorization: `Bearer ${p.token}` });
  let tradeId = '';
  const out: Record<string, number> = {};
  const count = async (fn: () => Promise<unknown>) => (await captureStatements(fn)).length;
  out.open = await count(async () => {
    ({ tradeId } = await ok<{ tradeId: string }>(
      request(base, 'POST', '/api/v1/trades', auth(buyer), {
        orderId,
        amountFiat: '5000',
        paymentMethod: 'sberbank',
      }),
    ));
  });
  for (const [who, action] of [
    [buyer, 'mark_paid'],
    [seller, 'confirm_payment'],
    [seller, 'release_crypto'],
  ] as const) {
    out[action] = await count(() =>
      ok(request(base, 'POST', `/api/v1/trades/${tradeId}/actions`, auth(who), { action, payload: {} })),
    );
  }
  out.book = (await captureStatements(() => ok(request(base, 'GET', BOOK)))).length;
  return out;
}

function printTable(rows: [string, LoadResult, LoadResult | null][], pgbench: number | null) {
  const fmt = (n: number) => n.toFixed(1);
  const lat = (r: LoadResult) => `${fmt(r.p50)}/${fmt(r.p99)}`;
  const lines = [
    [
      'metric',
      'app ops/s',
      'baseline ops/s',
      'ratio',
      'app p50/p99 ms',
      'base p50/p99 ms',
      'errors app/base',
    ],
    ...rows.map(([label, a, b]) => [
      label,
      fmt(a.opsPerSec),
      b ? fmt(b.opsPerSec) : '-',
      b && b.opsPerSec > 0 ? (a.opsPerSec / b.opsPerSec).toFixed(2) : '-',
      lat(a),
      b ? lat(b) : '-',
      `${a.errors}/${b?.errors ?? 0}`,
    ]),
  ];
  if (pgbench !== null)
    lines.push(['book SELECT+COUNT via pgbench (no HTTP)', '-', fmt(pgbench), '-', '-', '-', '-']);
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length))) ?? [];
  console.log('');
  for (const [i, l] of lines.entries()) {
    console.log(`| ${l.map((c, j) => c.padEnd(widths[j] ?? 0)).join(' | ')} |`);
    if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
  for (const [label, a, b] of rows) {
    for (const [who, r] of [
      ['app', a],
      ['baseline', b],
    ] as const) {
      if (r?.firstError) console.log(`first error (${label}, ${who}): ${r.firstError}`);
    }
  }
  console.log('');
}

await main();
