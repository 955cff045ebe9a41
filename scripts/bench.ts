/**
 * `npm run bench`: throughput of the real app over real HTTP on PostgreSQL, next to
 * baselines measured in the same run, at two scales:
 *
 *   phase A: BENCH_ORDERS (10,000) active orders, bulk-seeded with a sound ledger;
 *   phase B: topped up to BENCH_ORDERS_LARGE (100,000) active orders plus BENCH_TRADES_LARGE
 *            (100,000) completed trades with their ledger, history, chat lines and reviews
 *            (scripts/bench-seed.ts), then the reputation counters rebuilt.
 *
 * In each phase the load goes to the app in a child process of its own (scripts/bench-app.ts),
 * built as main.ts builds it; an instance in this process serves the statement captures. Then:
 *   (a) the order book, GET /api/v1/orders?type=sell&cryptocurrency=BTC&limit=20, against
 *       - the same SQL replayed by a raw server (scripts/bench-baseline.ts),
 *       - a bare node:http server answering the app's captured 20-order JSON from memory;
 *   (b) trade lifecycles (open -> mark_paid -> confirm_payment -> release_crypto: 4 ledger-
 *       moving HTTP calls = 4 actions), against
 *       - the raw server's hand-mirrored SQL over HTTP,
 *       - the app's own statements for one lifecycle, captured and replayed straight into
 *         PostgreSQL with `pg` (scripts/bench-direct.ts) on a scratch copy of the database,
 *       - pgbench running the issue's reference transaction, with and without one shared
 *         fee-balance row (when pgbench is installed);
 *   (c) the book while trading: the same book page under the same load, at rest and while a
 *       driver runs trade lifecycles at a fixed BENCH_TRADING_RATE (50) actions a second on
 *       orders of that very page (BENCH_PAGE_PAIRS (8) funded sell orders priced below the rest
 *       of the book), each next to the bare node:http server in the same alternating slices;
 *   (d) trade actions offered at BENCH_ACTION_RATE (300) a second to the app alone, open loop
 *       (lifecycles started on a clock): the rate done and every action's latency, by kind;
 *   the SQL statements per request, and the CPU time per action of the app's process, of
 *   PostgreSQL and of this process (one slice with only the app under load). Then, once: the
 *   book while floating orders are repriced every second (scripts/bench-repricing.ts;
 *   BENCH_REPRICING=0 skips it) and the realtime benchmark (scripts/bench-realtime.ts;
 *   BENCH_REALTIME=0 skips it). Last, the market page's first load: its JavaScript and mobile
 *   Lighthouse on the web and inside the Mini App (scripts/bench-first-load.ts;
 *   BENCH_LIGHTHOUSE=0 skips Lighthouse). BENCH_PHASES=A measures phase A only.
 *
 * The table at the end puts the issue's figures ("before", constants below) next to this
 * run's. A fresh database p2p_bench_<ts> is created on the server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. The ledger audit runs
 * after each seeding and after each phase's load; the script exits 1 if it finds anything.
 * Each target is measured for BENCH_SECONDS (12) in BENCH_ROUNDS (4) slices that alternate
 * with the other targets of its group, after a BENCH_WARMUP (2 s) warm-up; BENCH_CONCURRENCY
 * (16) clients; BENCH_KEEP_DB=1 keeps the database. BENCH_QUICK=1: small sizes, 2 s slices.
 */

import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { createServices } from '../apps/server/src/composition.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { defaultPoolSize, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { preparingClient } from '../apps/server/src/db/prepared-statements.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { systemKey } from '../apps/server/src/modules/chat/system-messages.ts';
import * as ledger from '../apps/server/src/modules/ledger/ledger.ts';
import { listBook } from '../apps/server/src/modules/orders/orders.repository.ts';
import { setStepUp } from '../apps/server/src/modules/sessions/sessions.repository.ts';
import { rebuildReputationCounters } from '../apps/server/src/modules/users/reputation-counters.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repository.ts';
import { auditLedger } from '../apps/server/src/ops/ledger-audit.ts';
import { benchConfigEnv, cpuTime, cpuTimes, newJwtSecret, startAppProcess } from './bench-app.ts';
import { baselineStatements, startBaseline } from './bench-baseline.ts';
import {
  type Captured,
  captureStatements,
  IdMap,
  pgbenchReference,
  type Reference,
  replay,
} from './bench-direct.ts';
import { type FirstLoad, formatFirstLoad, measureFirstLoad } from './bench-first-load.ts';
import { interleaved, type LoadResult, latency, ok, request, runLoad, summarize } from './bench-load.ts';
import { formatRealtime, type RealtimeResult, runRealtimeBench } from './bench-realtime.ts';
import { formatRepricing, type RepricingResult, runRepricingBench } from './bench-repricing.ts';
import { seedBook, seedTrades } from './bench-seed.ts';
import {
  type ActionsAtRate,
  actionsAtRate,
  type BookUnderTrading,
  bookUnderTrading,
  formatActionsAtRate,
  formatTrading,
} from './bench-trading.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const env = (name: string, full: number, quick: number) =>
  Number(process.env[name] ?? (QUICK ? quick : full));
const SECONDS = env('BENCH_SECONDS', 12, 4);
const WARMUP = env('BENCH_WARMUP', 2, 1);
const ROUNDS = env('BENCH_ROUNDS', 4, 2);
const CONCURRENCY = env('BENCH_CONCURRENCY', 16, 16);
const ORDERS = env('BENCH_ORDERS', 10_000, 1_000);
const ORDERS_LARGE = env('BENCH_ORDERS_LARGE', 100_000, 5_000);
const TRADES_LARGE = env('BENCH_TRADES_LARGE', 100_000, 5_000);
const SOCKETS = env('BENCH_SOCKETS', 2_000, 200);
const RT_TRADES = env('BENCH_RT_TRADES', 1_000, 50);
const REALTIME = process.env.BENCH_REALTIME !== '0';
const REPRICING = process.env.BENCH_REPRICING !== '0';
const FLOATING = env('BENCH_FLOATING', 10_000, 1_000);
const TRADING_RATE = env('BENCH_TRADING_RATE', 50, 50);
/** The rate trade actions are offered at, open loop, for their latency at that throughput. */
const ACTION_RATE = env('BENCH_ACTION_RATE', 300, 300);
const PAGE_PAIRS = env('BENCH_PAGE_PAIRS', 8, 8);
const PHASES = process.env.BENCH_PHASES ?? 'AB';
/** BENCH_LIFECYCLES=0: the book's figures only (no lifecycle throughput, CPU or pgbench slices). */
const LIFECYCLES = process.env.BENCH_LIFECYCLES !== '0';
/** Seconds of the CPU-per-action sample (one slice by default); longer resolves smaller changes. */
const CPU_SECONDS = env('BENCH_CPU_SECONDS', SECONDS / ROUNDS, SECONDS / ROUNDS);
/**
 * BENCH_PG_STATEMENTS=1: during the CPU sample, PostgreSQL's time per statement from
 * pg_stat_statements (when the server loads it: shared_preload_libraries), top ten by total.
 */
const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';
/**
 * BENCH_COMPARE=<another checkout's root, with its node_modules>: after the CPU sample, that
 * checkout's app runs on the same database beside this one, and BENCH_COMPARE_ROUNDS (6) CPU
 * samples of each alternate (which goes first alternates too): an A/B of CPU per action at one
 * moment of a machine whose speed drifts. Its schema must be the one this checkout migrated to.
 * BENCH_COMPARE_POOL gives that app a pool of its own size (BENCH_COMPARE may be this checkout).
 */
const COMPARE = process.env.BENCH_COMPARE;
const COMPARE_ROUNDS = env('BENCH_COMPARE_ROUNDS', 6, 2);
/** A ledger audit that found something after a phase's load: reported, the run goes on, exit 1. */
let unsound = false;
/** The app's pool: its default on this machine unless BENCH_POOL; the baselines get the same. */
const POOL = Number(process.env.BENCH_POOL ?? defaultPoolSize());
const COMPARE_POOL = Number(process.env.BENCH_COMPARE_POOL ?? POOL);
const BOOK = '/api/v1/orders?type=sell&cryptocurrency=BTC&limit=20';
const load = { concurrency: CONCURRENCY, seconds: SECONDS, warmupS: WARMUP, rounds: ROUNDS };
const ACTIONS = ['open', 'mark_paid', 'confirm_payment', 'release_crypto'] as const;
/** What each step sends: «Я оплатил» names the account paid from (docs/decisions/023). */
const PAYLOADS: Record<string, unknown> = {
  mark_paid: { payer: { bank: 'sberbank', last4: '1234', name: 'Bench B.' } },
};
const payloadOf = (action: string) => PAYLOADS[action] ?? {};

/** The issue's figures (issue 11, measured before this work), printed as "before". */
const ISSUE = {
  book: '112 req/s, p50 124, p99 314 ms',
  bookBaseline: 'own SQL alone 171 req/s',
  lifecycle: '44.8/s = 179 actions/s, p99 626 ms',
  lifecycleBaseline: 'same SQL without HTTP 79/s',
  statements: 'open 17, mark_paid 15, confirm 15, release 23, book 5',
  pgbench: '2,530 tps; 1,518 with a shared fee row',
};

interface Party {
  id: string;
  token: string;
  sessionId: string;
}
interface Pair {
  buyer: Party;
  seller: Party;
  orderId: string;
}

interface Count {
  before: number;
  after: number;
}
const count = (c: Count | undefined) => (c ? `${c.before}${c.after ? ` (+${c.after} after)` : ''}` : '?');

interface PhaseResult {
  label: string;
  activeOrders: number;
  trades: number;
  book: { app: LoadResult; replay: LoadResult; bare: LoadResult };
  cycles: { app: LoadResult; http: LoadResult; direct: LoadResult };
  actions: { app: LoadResult; http: LoadResult; direct: LoadResult };
  statements: Record<string, Count>;
  pgbench: Reference | null;
  cpu: CpuPerAction | null;
  deep: DeepPages | null;
  trading: BookUnderTrading;
  atRate: ActionsAtRate | null;
}

/** Median time of the book's statements for a page `depth` orders deep, by offset and by cursor. */
interface DeepPages {
  depth: number;
  first: number;
  offset: number;
  keyset: number;
}

/**
 * The book's own statements (no cache, one client) for its first page and for a page `depth`
 * orders deep, asked for by offset and by the keyset cursor of the order before it.
 */
async function deepPages(ctx: Ctx): Promise<DeepPages | null> {
  const filter = { type: 'sell' as const, cryptocurrency: 'BTC', limit: 20, offset: 0 };
  const now = new Date();
  // The book's own total stops at BOOK_COUNT_CAP: counted here in full.
  const [counted] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT COUNT(*)::int AS n FROM orders
        WHERE status = 'active' AND tradable AND type = 'sell' AND cryptocurrency = 'BTC'`,
  );
  const depth = Math.min(5000, (counted?.n ?? 0) - 20);
  if (depth < 100) return null;
  const before = await listBook(ctx.db, { ...filter, limit: 1, offset: depth - 1 }, now);
  const position = before.rows[0]?.position;
  if (!position) return null;
  const viaOffset = await listBook(ctx.db, { ...filter, offset: depth }, now);
  const viaCursor = await listBook(ctx.db, { ...filter, after: position }, now);
  if (viaOffset.rows.map((r) => r.order.id).join() !== viaCursor.rows.map((r) => r.order.id).join())
    throw new Error('the cursor page and the offset page differ');
  const median = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b)[30] as number;
  };
  return {
    depth,
    first: await median(() => listBook(ctx.db, filter, now)),
    offset: await median(() => listBook(ctx.db, { ...filter, offset: depth }, now)),
    keyset: await median(() => listBook(ctx.db, { ...filter, after: position }, now)),
  };
}

interface CpuPerAction {
  app: number;
  postgres: number;
  bench: number;
  actions: number;
}

/**
 * CPU time per action of each process, with only the app under load (one slice): the app's
 * child process, every PostgreSQL process, and this one (the load generator).
 */
async function cpuPerAction(
  run: (pair: Pair) => Promise<void>,
  pair: () => Pair,
  appPid: number,
): Promise<CpuPerAction | null> {
  const read = () => ({ app: cpuTime(appPid), postgres: cpuTime('postgres'), bench: cpuTime(process.pid) });
  const statements = PG_STATEMENTS ? await pgStatements() : null;
  const before = read();
  const result = await runLoad(() => run(pair()), {
    concurrency: CONCURRENCY,
    seconds: CPU_SECONDS,
    warmupS: 0,
  });
  const after = read();
  const actions = result.done * ACTIONS.length;
  if (statements) await statements.print(actions);
  if (before.app === null || after.app === null || actions === 0) return null;
  const per = (a: number | null, b: number | null) => ((b ?? 0) - (a ?? 0)) / actions;
  return {
    app: per(before.app, after.app),
    postgres: per(before.postgres, after.postgres),
    bench: per(before.bench, after.bench),
    actions,
  };
}

/** BENCH_COMPARE: CPU per action of this app and of another checkout's, in alternating samples. */
async function compareCpu(served: { base: string; pid: number }, pair: () => Pair) {
  const other = await startAppProcess(appEnv, COMPARE_POOL, COMPARE);
  try {
    // Its code compiled and its statements prepared and planned on each of its pool's
    // connections: three samples thrown away. (With one lifecycle, then with one sample, its
    // first samples cost up to several times its later ones.)
    for (let i = 0; i < 3; i++) await cpuPerAction(lifecycle(other.base, 'app', []), pair, other.pid);
    const apps = [
      { name: 'this checkout', base: served.base, pid: served.pid, samples: [] as CpuPerAction[] },
      {
        name: `BENCH_COMPARE ${COMPARE}${COMPARE_POOL === POOL ? '' : `, pool ${COMPARE_POOL}`}`,
        base: other.base,
        pid: other.pid,
        samples: [] as CpuPerAction[],
      },
    ];
    for (let round = 0; round < COMPARE_ROUNDS; round++)
      for (const app of round % 2 ? [...apps].reverse() : apps) {
        const cpu = await cpuPerAction(lifecycle(app.base, 'app', []), pair, app.pid);
        if (cpu) app.samples.push(cpu);
      }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
    console.log(
      `  CPU per action, A/B in ${COMPARE_ROUNDS} alternating samples of ${CPU_SECONDS} s (median; each sample):`,
    );
    for (const app of apps)
      console.log(
        `    ${app.name}: app ${f2(median(app.samples.map((c) => c.app)))}, PostgreSQL ` +
          `${f2(median(app.samples.map((c) => c.postgres)))} ms (${app.samples
            .map((c) => `${f2(c.app)}/${f2(c.postgres)}`)
            .join(', ')})`,
      );
  } finally {
    await other.close();
  }
}

/** pg_stat_statements reset now; `print` lists what ran since, per action. Null without it. */
async function pgStatements() {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await client.query('SELECT pg_stat_statements_reset()');
  } catch (error) {
    console.log(`  pg_stat_statements unavailable: ${String(error).slice(0, 200)}`);
    await client.end();
    return null;
  }
  return {
    async print(actions: number) {
      try {
        const { rows } = await client.query(
          `SELECT calls, total_exec_time + total_plan_time AS ms, query FROM pg_stat_statements
            ORDER BY total_exec_time + total_plan_time DESC LIMIT 12`,
        );
        const { rows: sum } = await client.query(
          'SELECT sum(calls)::int AS calls, sum(total_exec_time + total_plan_time) AS ms FROM pg_stat_statements',
        );
        console.log(
          `  pg_stat_statements over ${actions} actions: ${f2(sum[0].calls / actions)} statements, ` +
            `${f2(sum[0].ms / actions)} ms executing and planning per action; top statements (ms per action, calls):`,
        );
        for (const r of rows)
          console.log(
            `    ${f2(r.ms / actions).padStart(6)} ${String(r.calls).padStart(6)}  ${String(r.query).replace(/\s+/g, ' ').slice(0, 150)}`,
          );
      } finally {
        await client.end();
      }
    },
  };
}

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `p2p_bench_${Date.now()}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;
const scratchName = `${dbName}_direct`;
const scratchUrl = new URL(adminUrl);
scratchUrl.pathname = `/${scratchName}`;
// The raw server's hand-mirrored SQL writes no history, counters or fees the way the app does:
// it gets a copy of its own, so the ledger audit of the app's database stays meaningful.
const rawName = `${dbName}_raw`;
const rawUrl = new URL(adminUrl);
rawUrl.pathname = `/${rawName}`;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The settings of every app in this run: the in-process one (captures) and the child (load). */
const appEnv = benchConfigEnv(dbUrl.toString(), newJwtSecret());
const config = loadConfig(appEnv);

type Ctx = ReturnType<typeof createContext>;

/**
 * The app in this process, on its own pool: the statement captures patch this process's `pg`.
 * The load is measured against the same app in a child process (scripts/bench-app.ts).
 * Both are closed between phases so the database can be copied.
 */
async function startApp() {
  const database = await openDatabase({ databaseUrl: dbUrl.toString(), poolMax: POOL });
  const ctx = createContext(config, database, systemClock);
  const app = await buildApp(ctx, { logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    ctx,
    base,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

async function main() {
  console.log(
    `bench${QUICK ? ' (quick)' : ''}: database ${dbName}, ${CONCURRENCY} keep-alive clients, ${SECONDS} s per target ` +
      `in ${ROUNDS} alternating slices (+${WARMUP} s warm-up); load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')} on ${cpus().length} CPUs; the app's pool ${POOL} connections`,
  );
  await admin(`CREATE DATABASE ${dbName}`);
  let failed = false;
  const results: PhaseResult[] = [];
  let realtime: RealtimeResult | null = null;
  let repricing: RepricingResult | null = null;
  try {
    // Phase A data: the book in bulk, plus one seller/buyer pair per client via the services.
    const setup = await openDatabase({ databaseUrl: dbUrl.toString(), poolMax: 4 });
    let pairs: Pair[];
    let pagePairs: Pair[];
    try {
      await migrate(setup);
      const ctx = createContext(config, setup, systemClock);
      const t0 = performance.now();
      const owners = Math.round(ORDERS / 5);
      const seeded = await seedBook(dbUrl.toString(), { owners, sellPerOwner: 3, buyPerOwner: 2 });
      pairs = await makePairs(ctx, CONCURRENCY);
      pagePairs = await makePairs(ctx, PAGE_PAIRS, { prefix: 'bench_page', price: '4000000' });
      console.log(
        `seeded ${seeded.sell} sell + ${seeded.buy} buy orders in bulk and ${pairs.length} funded sell orders ` +
          `via the services in ${Math.round(performance.now() - t0)} ms`,
      );
      // Rows written in bulk past the services: their reputation counters are recomputed.
      await rebuildReputationCounters(ctx.db);
      await expectSound(ctx, 'after seeding phase A');
    } finally {
      await setup.close();
    }
    results.push(await phase('A', pairs, pagePairs));

    // Phase B data: top the book up and add the trade history, in bulk.
    if (PHASES.includes('B')) {
      const t0 = performance.now();
      const active = await countActive();
      const owners = Math.max(0, Math.round((ORDERS_LARGE - active) / 5));
      const more = await seedBook(dbUrl.toString(), {
        owners,
        sellPerOwner: 3,
        buyPerOwner: 2,
        prefix: 'bookb',
      });
      const t1 = performance.now();
      const history = await seedTrades(dbUrl.toString(), {
        trades: TRADES_LARGE,
        feePpm: config.feePpm,
        buyerReviews: 0.3,
        sellerReviews: 0.1,
        chatLine: (action, actor) => translate('ru', systemKey(action, actor)),
      });
      const t2 = performance.now();
      const db = await openDatabase({ databaseUrl: dbUrl.toString(), poolMax: 4 });
      try {
        const ctx = createContext(config, db, systemClock);
        await rebuildReputationCounters(ctx.db);
        const t3 = performance.now();
        console.log(
          `seeded ${more.sell} sell + ${more.buy} buy orders in ${Math.round(t1 - t0)} ms, ${history.trades} completed ` +
            `trades on ${history.orders} sell orders with ${history.reviews} reviews in ${Math.round(t2 - t1)} ms ` +
            `(set-based SQL), reputation counters rebuilt in ${Math.round(t3 - t2)} ms`,
        );
        console.log(`  history seeding, ms per statement: ${history.timings.join(', ')}`);
        await expectSound(ctx, 'after seeding phase B');
      } finally {
        await db.close();
      }
    }
    if (PHASES.includes('B')) results.push(await phase('B', pairs, pagePairs));

    if (REPRICING) {
      console.log(`\nrepricing: ${FLOATING} floating orders (a database of their own)`);
      repricing = await runRepricingBench({
        adminUrl,
        floating: FLOATING,
        updates: 6,
        // Twice the slices of the other figures: a one-second feed against a few seconds' slice
        // is the noisiest figure here.
        seconds: SECONDS * 2,
        rounds: ROUNDS * 2,
        concurrency: CONCURRENCY,
      });
      console.log(formatRepricing(repricing));
    }
    if (REALTIME) {
      console.log(`\nrealtime: ${SOCKETS} sockets, ${RT_TRADES} trades (server in a child process)`);
      realtime = await runRealtimeBench({
        adminUrl,
        sockets: SOCKETS,
        trades: RT_TRADES,
        concurrency: CONCURRENCY,
      });
      console.log(formatRealtime(realtime));
    }
    // Last, on a quiet machine: the market page's first load (its own app and database).
    console.log('\nfirst load: the market page `/`, mobile Lighthouse (web and Mini App), medians');
    const firstLoad = measureFirstLoad(Math.max(1, Math.min(3, ROUNDS - 1)));
    console.log(`  ${formatFirstLoad(firstLoad)}`);
    printSummary(results, realtime, repricing, firstLoad);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`).catch(() => {});
    await admin(`DROP DATABASE IF EXISTS ${rawName} WITH (FORCE)`).catch(() => {});
    if (process.env.BENCH_KEEP_DB === '1') console.log(`kept ${dbUrl} (BENCH_KEEP_DB=1)`);
    else {
      await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e));
      console.log(`dropped ${dbName}`);
    }
  }
  process.exit(failed || unsound ? 1 : 0);
}

async function countActive(): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT COUNT(*)::int AS n FROM orders WHERE status = 'active'`);
    return rows[0].n as number;
  } finally {
    await c.end();
  }
}

async function countTrades(): Promise<number> {
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    const { rows } = await c.query(`SELECT COUNT(*)::int AS n FROM trades`);
    return rows[0].n as number;
  } finally {
    await c.end();
  }
}

/** One scale: copy the database for the direct replay, start the app and baselines, measure. */
async function phase(label: string, pairs: Pair[], pagePairs: Pair[]): Promise<PhaseResult> {
  const activeOrders = await countActive();
  const trades = await countTrades();
  console.log(`\n== phase ${label}: ${activeOrders} active orders, ${trades} trades ==`);
  // The direct replay writes the captured absolute values, and the raw server its own mirror of
  // the app's SQL: each gets a copy of its own.
  await admin(`DROP DATABASE IF EXISTS ${scratchName} WITH (FORCE)`);
  await admin(`DROP DATABASE IF EXISTS ${rawName} WITH (FORCE)`);
  const t0 = performance.now();
  await admin(`CREATE DATABASE ${scratchName} TEMPLATE ${dbName} STRATEGY FILE_COPY`);
  await admin(`CREATE DATABASE ${rawName} TEMPLATE ${dbName} STRATEGY FILE_COPY`);
  console.log(
    `copied the database for the direct replay and the raw server in ${Math.round(performance.now() - t0)} ms`,
  );

  const closers: (() => Promise<unknown>)[] = [];
  try {
    const app = await startApp();
    closers.unshift(app.close);
    const { ctx, base: appBase } = app;

    const deep = await deepPages(ctx);
    if (deep)
      console.log(
        `book statements, one client, median: first page ${f2(deep.first)} ms; ${deep.depth} orders deep ` +
          `by offset ${f2(deep.offset)} ms, by cursor ${f2(deep.keyset)} ms`,
      );
    await ok(request(appBase, 'GET', BOOK)); // warm the app's caches before capturing
    ctx.bookCache.invalidate(); // the capture must reach the database, not the book cache
    const book = await captureStatements(() => ok(request(appBase, 'GET', BOOK)));
    const bookReply = await request(appBase, 'GET', BOOK);
    const baseline = await startBaseline(rawUrl.toString(), POOL, book);
    closers.unshift(
      () => baseline.app.close(),
      () => baseline.pool.end(),
    );
    const bare = await startBare(bookReply.body);
    closers.unshift(bare.close);
    // Prepared per connection as the app's pool prepares them (db/prepared-statements.ts).
    const direct = new pg.Pool({
      connectionString: scratchUrl.toString(),
      max: POOL,
      Client: preparingClient(pg.Client),
    });
    closers.unshift(() => direct.end());

    const sinks = { app: [] as number[], http: [] as number[], direct: [] as number[] };
    const appLifecycle = lifecycle(appBase, 'app', sinks.app);
    const httpLifecycle = lifecycle(baseline.base, 'baseline', sinks.http);
    // Statements per request (app / raw server), after one warm-up lifecycle each; the
    // captured lifecycle is what the direct replay sends.
    const capturePair = pairs[0] as Pair;
    await appLifecycle(capturePair);
    await httpLifecycle(capturePair);
    const captured = await captureLifecycle(appBase, capturePair);
    await ok(request(baseline.base, 'GET', '/book'));
    const statements: Record<string, Count> = {};
    for (const [k, list] of Object.entries({ ...captured, book }))
      statements[k] = {
        before: list.filter((x) => !x.tail).length,
        after: list.filter((x) => x.tail).length,
      };
    console.log('SQL statements per request, app (before the answer + after it) / raw server:');
    for (const [k, v] of Object.entries(statements))
      console.log(`  ${k.padEnd(16)} ${count(v)} / ${baselineStatements[k] ?? '?'}`);
    if (process.env.BENCH_SHOW_SQL === '1')
      for (const [k, list] of Object.entries({ ...captured, book }))
        for (const [i, st] of list.entries())
          console.log(`  ${k} #${i + 1} [conn ${st.slot}] ${st.text.replace(/\s+/g, ' ').slice(0, 140)}`);
    const directLifecycle = replayLifecycle(direct, captured, capturePair, sinks.direct);

    // The load goes to the same app in a process of its own.
    const served = await startAppProcess(appEnv, POOL);
    closers.unshift(served.close);
    const servedBase = served.base;
    const servedLifecycle = lifecycle(servedBase, 'app', sinks.app);
    await servedLifecycle(capturePair);

    const measure = async <K extends string>(
      name: string,
      tasks: Record<K, () => Promise<unknown>>,
      onMeasure?: () => void,
    ) => {
      const t0 = performance.now();
      const wrapped = {} as Record<K, () => Promise<void>>;
      for (const k of Object.keys(tasks) as K[]) wrapped[k] = async () => void (await tasks[k]());
      const out = await interleaved(wrapped, load, onMeasure);
      console.log(`  measured ${name} in ${Math.round(performance.now() - t0)} ms`);
      return out;
    };
    const bookRun = await measure('the order book', {
      app: () => ok(request(servedBase, 'GET', BOOK)),
      replay: () => ok(request(baseline.base, 'GET', '/book')),
      bare: () => ok(request(bare.base, 'GET', BOOK)),
    });

    let next = 0;
    const pair = () => pairs[next++ % pairs.length] as Pair;
    const none = summarize([], 1, 0, null);
    const cycles = LIFECYCLES
      ? await measure(
          'trade lifecycles',
          {
            app: () => servedLifecycle(pair()),
            http: () => httpLifecycle(pair()),
            direct: () => directLifecycle(pair()),
          },
          () => {
            for (const s of Object.values(sinks)) s.length = 0;
          },
        )
      : { app: none, http: none, direct: none };
    const perAction = (s: number[]) => summarize(s, SECONDS, 0, null);
    const actions = {
      app: perAction(sinks.app),
      http: perAction(sinks.http),
      direct: perAction(sinks.direct),
    };

    const cpu = LIFECYCLES ? await cpuPerAction(lifecycle(servedBase, 'app', []), pair, served.pid) : null;
    console.log(
      cpu
        ? `  CPU per action, app alone for ${CPU_SECONDS} s: app ${f2(cpu.app)} ms, PostgreSQL ${f2(cpu.postgres)} ms, ` +
            `this process (load generator) ${f2(cpu.bench)} ms over ${cpu.actions} actions`
        : '  CPU per action: not measured (needs Linux /proc)',
    );

    if (COMPARE && cpu) await compareCpu(served, pair);

    const trading = await bookUnderTrading({
      appBase: servedBase,
      bareBase: bare.base,
      path: BOOK,
      lifecycle: lifecycle(servedBase, 'app', []),
      pairs: pagePairs,
      rate: TRADING_RATE,
      load,
    });
    console.log(formatTrading(trading));

    const kinds: Record<string, number[]> = Object.fromEntries(ACTIONS.map((a) => [a, []]));
    const atRate = LIFECYCLES
      ? await actionsAtRate({
          lifecycle: lifecycle(servedBase, 'app', [], kinds),
          kinds,
          pairs,
          rate: ACTION_RATE,
          seconds: SECONDS,
          warmupS: WARMUP,
          cpu: () => ({ app: cpuTimes(served.pid), postgres: cpuTimes('postgres') }),
        })
      : null;
    if (atRate) console.log(formatActionsAtRate(atRate));

    const pgbench = LIFECYCLES ? await pgbenchReference(scratchUrl.toString(), CONCURRENCY, SECONDS) : null;
    if (!pgbench) console.log('pgbench is not installed: no reference transaction');

    printPhase(label, activeOrders, bookRun, cycles, actions, pgbench);
    await expectSound(ctx, `after phase ${label}'s load`).catch((error: unknown) => {
      unsound = true;
      console.error(String(error).slice(0, 2000));
    });
    return {
      label,
      activeOrders,
      trades,
      book: bookRun,
      cycles,
      actions,
      statements,
      pgbench,
      cpu,
      deep,
      trading,
      atRate,
    };
  } finally {
    for (const close of closers) await close().catch(() => {});
  }
}

/** A bare node:http server answering one captured body from memory. */
async function startBare(body: string) {
  const payload = Buffer.from(body);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': payload.length,
    });
    res.end(payload);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

async function expectSound(ctx: Ctx, when: string) {
  const problems = await auditLedger(ctx.db);
  if (problems.length) throw new Error(`ledger audit ${when}:\n${problems.join('\n')}`);
  console.log(`ledger audit ${when}: clean`);
}

/** A known second-factor secret for the bench's sellers (never a real account's). */
const BENCH_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** One funded seller with a 100 BTC sell order and one buyer per client, with sessions. */
async function makePairs(
  ctx: Ctx,
  n: number,
  { prefix = 'bench', price = '5000000' }: { prefix?: string; price?: string } = {},
): Promise<Pair[]> {
  const { orders } = createServices(ctx);
  const party = async (name: string): Promise<Party> => {
    const user = await insertUser(ctx.db, { username: name, firstName: 'Bench', now: new Date() });
    const { accessToken } = await ctx.sessions.start('user', user.id);
    const claims = await ctx.tokens.verifyAccess('user', accessToken);
    if (!claims) throw new Error('fresh token did not verify');
    return { id: user.id, token: accessToken, sessionId: claims.sessionId };
  };
  const pairs: Pair[] = [];
  const { twoFactor } = createServices(ctx);
  for (let i = 0; i < n; i++) {
    const seller = await party(`${prefix}_s${i}`);
    const buyer = await party(`${prefix}_b${i}`);
    // Selling needs two-factor on, and confirm_payment a code or an open step-up window
    // (docs/decisions/023): the seller's session gets a window for the whole run.
    await twoFactor.enrolKnownSecret(ctx.db, seller.id, BENCH_TOTP_SECRET);
    await setStepUp(ctx.db, seller.sessionId, new Date(Date.now() + 24 * 60 * 60 * 1000));
    await ctx.db.transaction((tx) =>
      ledger.credit(tx, {
        userId: seller.id,
        currency: 'BTC',
        amount: 100n * 100_000_000n,
        ref: { reason: 'bench funding' },
        now: new Date(),
      }),
    );
    const { id: orderId } = await orders.create(seller.id, {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '100',
      price_per_unit: price,
      price_type: 'fixed',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
      time_limit: 30,
      min_amount: '1000',
    });
    pairs.push({ buyer, seller, orderId });
  }
  return pairs;
}

const timed = async <T>(sink: number[], fn: () => Promise<T>) => {
  const t0 = performance.now();
  const out = await fn();
  sink.push(performance.now() - t0);
  return out;
};

/** open -> mark_paid -> confirm_payment -> release_crypto, against the app or the raw server. */
function lifecycle(
  base: string,
  target: 'app' | 'baseline',
  sink: number[],
  kinds?: Record<string, number[]>,
) {
  const headers = (p: Party): Record<string, string> =>
    target === 'app' ? { authorization: `Bearer ${p.token}` } : { 'x-user': p.id, 'x-session': p.sessionId };
  const prefix = target === 'app' ? '/api/v1' : '';
  return async ({ buyer, seller, orderId }: Pair) => {
    // Each action's latency goes to the sink, and to its kind's list when asked for.
    const timedAs = async <T>(kind: string, fn: () => Promise<T>) => {
      const t0 = performance.now();
      const out = await fn();
      const ms = performance.now() - t0;
      sink.push(ms);
      kinds?.[kind]?.push(ms);
      return out;
    };
    const opened = await timedAs('open', () =>
      ok<{ tradeId: string }>(
        request(base, 'POST', `${prefix}/trades`, headers(buyer), {
          orderId,
          amountFiat: '5000',
          paymentMethod: 'sberbank',
        }),
      ),
    );
    const step = (who: Party, action: string) =>
      timedAs(action, () =>
        ok(
          request(base, 'POST', `${prefix}/trades/${opened.tradeId}/actions`, headers(who), {
            action,
            payload: payloadOf(action),
          }),
        ),
      );
    await step(buyer, 'mark_paid');
    await step(seller, 'confirm_payment');
    await step(seller, 'release_crypto');
  };
}

/** The app's statements for each of the four requests of one lifecycle. */
async function captureLifecycle(base: string, { buyer, seller, orderId }: Pair) {
  const auth = (p: Party) => ({ authorization: `Bearer ${p.token}` });
  let tradeId = '';
  const out = {} as Record<(typeof ACTIONS)[number], Captured[]>;
  out.open = await captureStatements(async () => {
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
    out[action] = await captureStatements(() =>
      ok(
        request(base, 'POST', `/api/v1/trades/${tradeId}/actions`, auth(who), {
          action,
          payload: payloadOf(action),
        }),
      ),
    );
  }
  return out;
}

/** The captured lifecycle replayed with `pg` for another pair, with fresh ids per iteration. */
function replayLifecycle(
  pool: pg.Pool,
  captured: Record<(typeof ACTIONS)[number], Captured[]>,
  from: Pair,
  sink: number[],
) {
  const start = captured.open[0]?.issued ?? performance.now();
  const captureWall = performance.timeOrigin + start;
  const background = new Set<Promise<unknown>>();
  return async (to: Pair) => {
    const map = new IdMap(
      [
        [from.buyer.id, to.buyer.id],
        [from.buyer.sessionId, to.buyer.sessionId],
        [from.seller.id, to.seller.id],
        [from.seller.sessionId, to.seller.sessionId],
        [from.orderId, to.orderId],
      ],
      Date.now() - captureWall,
    );
    for (const a of ACTIONS) await timed(sink, () => replay(pool, captured[a], map, background));
  };
}

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);
const f0 = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '-');

function printTable(lines: string[][]) {
  const widths = lines[0]?.map((_, i) => Math.max(...lines.map((l) => (l[i] ?? '').length))) ?? [];
  console.log('');
  for (const [i, l] of lines.entries()) {
    console.log(`| ${l.map((c, j) => c.padEnd(widths[j] ?? 0)).join(' | ')} |`);
    if (i === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
}

function printPhase(
  label: string,
  orders: number,
  book: PhaseResult['book'],
  cycles: PhaseResult['cycles'],
  actions: PhaseResult['actions'],
  pgbench: PhaseResult['pgbench'],
) {
  const row = (name: string, r: LoadResult, unit = 1): string[] => [
    name,
    f1(r.opsPerSec * unit),
    latency(r),
    String(r.errors),
  ];
  printTable([
    [`phase ${label} (${orders} active orders)`, 'ops/s', 'latency', 'errors'],
    row('book: app', book.app),
    row('book: raw server, same SQL', book.replay),
    row('book: bare node:http, same JSON', book.bare),
    row('lifecycles: app (4 HTTP calls)', cycles.app),
    row('lifecycles: raw server, same SQL, HTTP', cycles.http),
    row('lifecycles: app statements via pg', cycles.direct),
    row('actions: app', actions.app, 1),
    row('actions: raw server over HTTP', actions.http, 1),
    row('actions: app statements via pg', actions.direct, 1),
    ...(pgbench
      ? [
          ['pgbench reference transaction', f1(pgbench.plain), '-', '-'],
          ['  + shared fee row, updated last', f1(pgbench.feeLast), '-', '-'],
          ['  + shared fee row, locked first', f1(pgbench.feeFirst), '-', '-'],
        ]
      : []),
  ]);
  for (const [name, r] of Object.entries({ ...book, ...cycles }))
    if (r.firstError) console.log(`first error (${name}): ${r.firstError}`);
}

function printSummary(
  results: PhaseResult[],
  rt: RealtimeResult | null,
  rp: RepricingResult | null,
  firstLoad: FirstLoad,
) {
  const cols = results.map((r) => `now, ${f0(r.activeOrders)} orders / ${f0(r.trades)} trades`);
  const each = (fn: (r: PhaseResult) => string) => results.map(fn);
  const lines: string[][] = [
    ['figure', 'before (issue 11)', ...cols],
    [
      'book GET, app',
      ISSUE.book,
      ...each((r) => `${f1(r.book.app.opsPerSec)} req/s, ${latency(r.book.app)}`),
    ],
    [
      '  raw server, same SQL (HTTP)',
      ISSUE.bookBaseline,
      ...each((r) => `${f1(r.book.replay.opsPerSec)} req/s, ${latency(r.book.replay)}`),
    ],
    [
      '  bare node:http, same JSON',
      '-',
      ...each((r) => `${f1(r.book.bare.opsPerSec)} req/s, ${latency(r.book.bare)}`),
    ],
    ['  app / bare (goal >= 0.3)', '-', ...each((r) => ratio(r.book.app.opsPerSec, r.book.bare.opsPerSec))],
    [
      'book at rest / bare (goal >= 0.8, p99 <= 10 ms)',
      '-',
      ...each(
        (r) =>
          `${ratio(r.trading.rest.opsPerSec, r.trading.bare.opsPerSec)}, p99 ${f1(r.trading.rest.p99)} ms`,
      ),
    ],
    [
      `book while trading ${TRADING_RATE} actions/s / bare (goal >= 0.3, p99 <= 25 ms)`,
      '-',
      ...each(
        (r) =>
          `${ratio(r.trading.trading.opsPerSec, r.trading.bare.opsPerSec)}, p99 ${f1(r.trading.trading.p99)} ms ` +
          `(${f1(r.trading.actions / r.trading.tradingSeconds)} actions/s done)`,
      ),
    ],
    [
      '  book SQL, first page / deep by offset / by cursor',
      '-',
      ...each((r) =>
        r.deep
          ? `${f2(r.deep.first)} / ${f2(r.deep.offset)} / ${f2(r.deep.keyset)} ms (${f0(r.deep.depth)} deep)`
          : 'book too small',
      ),
    ],
    [
      'trade lifecycle, app',
      ISSUE.lifecycle,
      ...each(
        (r) =>
          `${f1(r.cycles.app.opsPerSec)}/s = ${f1(r.cycles.app.opsPerSec * 4)} actions/s, lifecycle p99 ${f1(r.cycles.app.p99)} ms`,
      ),
    ],
    ['  per action, app', '-', ...each((r) => latency(r.actions.app))],
    [
      `actions offered at ${ACTION_RATE}/s, open loop (goal >= 300/s, p99 <= 50 ms)`,
      '-',
      ...each((r) =>
        r.atRate ? `${f1(r.atRate.all.opsPerSec)} done/s, ${latency(r.atRate.all)}` : 'not measured',
      ),
    ],
    [
      '  raw server, same SQL (HTTP)',
      ISSUE.lifecycleBaseline,
      ...each((r) => `${f1(r.cycles.http.opsPerSec)}/s, per action ${latency(r.actions.http)}`),
    ],
    [
      '  app statements straight to PG',
      '-',
      ...each(
        (r) => `${f1(r.cycles.direct.opsPerSec * 4)} actions/s, per action ${latency(r.actions.direct)}`,
      ),
    ],
    [
      '  app / direct (goal >= 0.5)',
      '-',
      ...each((r) => ratio(r.cycles.app.opsPerSec, r.cycles.direct.opsPerSec)),
    ],
    [
      '  pgbench reference transaction',
      ISSUE.pgbench,
      ...each((r) =>
        r.pgbench
          ? `${f0(r.pgbench.plain)} tps; shared fee row: ${f0(r.pgbench.feeLast)} updated last, ` +
            `${f0(r.pgbench.feeFirst)} locked first`
          : 'no pgbench (not installed)',
      ),
    ],
    [
      '  app actions / pgbench',
      '179 / 2,530 = 0.07',
      ...each((r) => (r.pgbench ? ratio(r.cycles.app.opsPerSec * 4, r.pgbench.plain) : '-')),
    ],
    [
      '  CPU per action, closed loop: app / PostgreSQL / load generator',
      '-',
      ...each((r) =>
        r.cpu ? `${f2(r.cpu.app)} / ${f2(r.cpu.postgres)} / ${f2(r.cpu.bench)} ms` : 'not measured',
      ),
    ],
    [
      `  CPU per action at ${ACTION_RATE}/s, open loop: app / PostgreSQL (goal <= 2 / 2 ms)`,
      '-',
      ...each((r) =>
        r.atRate?.cpu ? `${f2(r.atRate.cpu.app)} / ${f2(r.atRate.cpu.postgres)} ms` : 'not measured',
      ),
    ],
    [
      'SQL statements per request',
      ISSUE.statements,
      ...each(
        (r) =>
          `open ${count(r.statements.open)}, mark_paid ${count(r.statements.mark_paid)}, ` +
          `confirm ${count(r.statements.confirm_payment)}, release ${count(r.statements.release_crypto)}, ` +
          `book ${count(r.statements.book)}`,
      ),
    ],
    [
      'realtime, commit -> counterparty',
      'not measured',
      rt
        ? `${rt.sockets} sockets: p50 ${f1(rt.p50)}, p99 ${f1(rt.p99)} ms; ${f1(rt.rssPerSocketKb)} KB RSS, ${f1(rt.heapPerSocketKb)} KB heap per socket`
        : 'skipped (BENCH_REALTIME=0)',
      ...results.slice(1).map(() => '(once, on its own database)'),
    ],
    [
      'book while repricing every second / at rest (goal >= 0.9)',
      '-',
      rp
        ? `${ratio(rp.repricing.opsPerSec, rp.quiet.opsPerSec)} (${f0(rp.floating)} floating orders; p99 ` +
          `${f1(rp.quiet.p99)} -> ${f1(rp.repricing.p99)} ms)`
        : 'skipped (BENCH_REPRICING=0)',
      ...results.slice(1).map(() => '(once, on its own database)'),
    ],
    [
      'market first load (goal <= 120 KB; Lighthouse >= 98)',
      '169-173 KB; Lighthouse 93 (issue 31)',
      formatFirstLoad(firstLoad),
      ...results.slice(1).map(() => '(once)'),
    ],
  ];
  console.log('\nIssue 11 figures: "before" are the issue\'s numbers; every other figure is from this run.');
  printTable(lines);
  console.log('');
}

await main();
