/**
 * Repricing of floating orders (docs/decisions/027), run by `npm run bench` (BENCH_REPRICING=0
 * skips it) and alone by `npm run bench:repricing`:
 *
 *   - BENCH_FLOATING (10,000) floating orders, bulk-seeded as a book of BTC/RUB sell and buy
 *     orders with margins of −5…+5 % and a few guards;
 *   - the repricing statement timed on BENCH_REPRICES (6) feed updates, each moving every one of
 *     them (the feed alternates between two prices), through the service a feed update calls;
 *   - the public book's throughput (the market's first page of BTC sell orders, served by the
 *     app in a child process) in alternating slices (quiet, busy, busy, quiet, ...): quiet, and
 *     while a feed update reprices every floating order once a second (the feed itself updates
 *     once a minute).
 *
 * A fresh database p2p_reprice_<ts> on the server of DATABASE_URL, dropped at the end.
 */

import { FALLBACK_PRICES, type MarketPrices } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createServices } from '../apps/server/src/composition.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createContext } from '../apps/server/src/context.ts';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { benchConfigEnv, newJwtSecret, startAppProcess } from './bench-app.ts';
import { type LoadResult, ok, request, runLoad, summarize } from './bench-load.ts';
import { seedBook } from './bench-seed.ts';

export interface RepricingResult {
  floating: number;
  /** ms per repricing statement pair (reprice + pause), one per feed update. */
  statementMs: number[];
  /** Orders each update rewrote. */
  repriced: number[];
  quiet: LoadResult;
  repricing: LoadResult;
  /** Feed updates applied while the book was under load. */
  updatesUnderLoad: number;
}

const BOOK = '/api/v1/orders?type=sell&cryptocurrency=BTC&limit=20';

/** The fallback table with BTC's ruble price moved by `factor`. */
function pricesWith(factor: number): MarketPrices {
  const btc = FALLBACK_PRICES.bitcoin;
  if (!btc) throw new Error('no bitcoin in the fallback table');
  return { ...FALLBACK_PRICES, bitcoin: { ...btc, rub: Math.round(btc.rub * factor * 100) / 100 } };
}

export async function runRepricingBench(opts: {
  adminUrl: string;
  floating: number;
  updates: number;
  seconds: number;
  rounds: number;
  concurrency: number;
}): Promise<RepricingResult> {
  const name = `p2p_reprice_${Date.now()}`;
  const url = new URL(opts.adminUrl);
  url.pathname = `/${name}`;
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: opts.adminUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const env = benchConfigEnv(url.toString(), newJwtSecret());
  const database = await openDatabase({ databaseUrl: url.toString(), poolMax: 4 });
  try {
    await migrate(database);
    const ctx = createContext(loadConfig(env), database, systemClock);
    // 3 sell + 2 buy per owner; every one of them floating, a tenth with a guard.
    await seedBook(url.toString(), { owners: Math.ceil(opts.floating / 5), sellPerOwner: 3, buyPerOwner: 2 });
    await queryRows(
      ctx.db,
      sql`UPDATE orders SET price_type = 'floating', margin_bp = (floor(random() * 1001) - 500)::int,
            price_limit = CASE WHEN random() < 0.1 THEN price_per_unit END`,
    );
    await queryRows(ctx.db, sql`ANALYZE orders`);
    const [count] = await queryRows<{ n: number }>(
      ctx.db,
      sql`SELECT COUNT(*)::int AS n FROM orders WHERE price_type = 'floating' AND status = 'active'`,
    );
    const { orders } = createServices(ctx);
    let flip = 0;
    const update = async () => {
      flip += 1;
      const prices = pricesWith(flip % 2 === 0 ? 1 : 1.01);
      const t0 = performance.now();
      const done = await orders.reprice({ ok: true, source: 'live', prices, updatedAt: new Date() });
      return { ms: performance.now() - t0, repriced: done.repriced };
    };

    const statementMs: number[] = [];
    const repriced: number[] = [];
    for (let i = 0; i < opts.updates; i++) {
      const { ms, repriced: n } = await update();
      statementMs.push(ms);
      repriced.push(n);
    }

    const app = await startAppProcess(env, 20);
    try {
      const book = async () => {
        await ok(request(app.base, 'GET', BOOK));
      };
      await runLoad(book, { concurrency: opts.concurrency, seconds: 2, warmupS: 0 });
      const quiet: number[] = [];
      const busy: number[] = [];
      let updatesUnderLoad = 0;
      const slice = opts.seconds / opts.rounds;
      const quietSlice = async () => {
        quiet.push(
          ...(await runLoad(book, { concurrency: opts.concurrency, seconds: slice, warmupS: 0 })).latencies,
        );
      };
      const busySlice = async () => {
        let running = true;
        const feed = (async () => {
          while (running) {
            const t0 = performance.now();
            await update();
            updatesUnderLoad += 1;
            await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (performance.now() - t0))));
          }
        })();
        busy.push(
          ...(await runLoad(book, { concurrency: opts.concurrency, seconds: slice, warmupS: 0 })).latencies,
        );
        running = false;
        await feed;
      };
      // Quiet then busy, then busy then quiet (ABBA): a drift of the machine over the run
      // weighs on both sides alike.
      for (let r = 0; r < opts.rounds; r++) {
        if (r % 2 === 0) {
          await quietSlice();
          await busySlice();
        } else {
          await busySlice();
          await quietSlice();
        }
      }
      return {
        floating: count?.n ?? 0,
        statementMs,
        repriced,
        quiet: summarize(quiet, opts.seconds, 0, null),
        repricing: summarize(busy, opts.seconds, 0, null),
        updatesUnderLoad,
      };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch((e) => console.error(e));
  }
}

export function formatRepricing(r: RepricingResult): string {
  const sorted = [...r.statementMs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  const change = (r.repricing.opsPerSec / r.quiet.opsPerSec - 1) * 100;
  return [
    `repricing: ${r.floating} floating orders`,
    `  one feed update (one repricing statement + one pause statement): median ${median.toFixed(0)} ms, ` +
      `max ${(sorted.at(-1) ?? 0).toFixed(0)} ms over ${sorted.length} updates; orders rewritten: ${r.repriced.join(', ')}`,
    `  book ${BOOK}: quiet ${r.quiet.opsPerSec.toFixed(0)} req/s (p99 ${r.quiet.p99.toFixed(1)} ms), ` +
      `repricing every second ${r.repricing.opsPerSec.toFixed(0)} req/s (p99 ${r.repricing.p99.toFixed(1)} ms), ` +
      `${change >= 0 ? '+' : ''}${change.toFixed(1)} % (${r.updatesUnderLoad} updates under load)`,
  ].join('\n');
}

// `npm run bench:repricing`
if (import.meta.url === `file://${process.argv[1]}`) {
  const quick = process.env.BENCH_QUICK === '1';
  const result = await runRepricingBench({
    adminUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    floating: Number(process.env.BENCH_FLOATING ?? 10_000),
    updates: Number(process.env.BENCH_REPRICES ?? 6),
    seconds: Number(process.env.BENCH_SECONDS ?? (quick ? 4 : 24)),
    rounds: Number(process.env.BENCH_ROUNDS ?? (quick ? 2 : 8)),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
  });
  console.log(formatRepricing(result));
  process.exit(0);
}
