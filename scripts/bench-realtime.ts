/**
 * `npm run bench:realtime` (also the last phase of `npm run bench`): time from a trade
 * action's commit to the counterparty's `trade:updated` event, with BENCH_SOCKETS (2,000)
 * authenticated Socket.IO clients connected, and the server's memory per socket.
 *
 * The server (app + Socket.IO, as main.ts attaches it) runs in a child process on a fresh
 * database p2p_bench_rt_<ts>, so the clients' memory does not count; it seeds BENCH_SOCKETS / 2
 * sellers (one live sell order each, sound ledger) and as many buyers, each with a session.
 * Every client connects with its access token. Then BENCH_RT_TRADES trades run with
 * BENCH_CONCURRENCY (16) at a time: the buyer opens a trade on its seller's order and marks
 * it paid over HTTP; the seller's socket waits for `trade:updated`. The server stamps the
 * moment the service publishes the event (right after the commit) with the wall clock shared
 * by both processes; the client stamps the arrival. Also reported: from the `mark_paid`
 * HTTP response to the event (negative when the event wins the race).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { forkBenchChild } from './bench-child.ts';
import { ok, request } from './bench-load.ts';

interface Party {
  id: string;
  token: string;
}
interface RtPair {
  seller: Party;
  buyer: Party;
  orderId: string;
}
type FromChild =
  | { type: 'ready'; base: string; pairs: RtPair[] }
  | { type: 'memory'; rss: number; heap: number }
  | { type: 'stamps'; stamps: [string, number][] }
  | { type: 'error'; message: string };

export interface RealtimeResult {
  sockets: number;
  connectMs: number;
  trades: number;
  missed: number;
  p50: number;
  p99: number;
  max: number;
  responseToEventP50: number;
  responseToEventP99: number;
  rssPerSocketKb: number;
  heapPerSocketKb: number;
}

const wallclock = () => performance.timeOrigin + performance.now();
const pct = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Runs the realtime benchmark against a fresh database on the server of `adminUrl`. */
export async function runRealtimeBench(opts: {
  adminUrl: string;
  sockets: number;
  trades: number;
  concurrency: number;
}): Promise<RealtimeResult> {
  const dbName = `p2p_bench_rt_${Date.now()}`;
  const dbUrl = new URL(opts.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: opts.adminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${dbName}`);
  const server = forkBenchChild<FromChild>(
    fileURLToPath(import.meta.url),
    'realtime server',
    {
      BENCH_RT_CHILD: '1',
      BENCH_RT_DB: dbUrl.toString(),
      BENCH_RT_PAIRS: String(Math.ceil(opts.sockets / 2)),
    },
    ['--expose-gc'],
  );
  const { ask } = server;
  const sockets: Socket[] = [];
  try {
    const { base, pairs } = await ask('ready');
    const before = await ask('memory', 'memory');

    // Connect every party, 100 handshakes at a time.
    const parties = pairs.flatMap((p) => [p.seller, p.buyer]).slice(0, opts.sockets);
    const byUser = new Map<string, Socket>();
    const t0 = performance.now();
    for (let i = 0; i < parties.length; i += 100) {
      await Promise.all(
        parties.slice(i, i + 100).map(
          (p) =>
            new Promise<void>((resolve, reject) => {
              const s = io(base, {
                path: '/socket.io',
                transports: ['websocket'],
                auth: { token: p.token },
                reconnection: false,
                forceNew: true,
              });
              sockets.push(s);
              byUser.set(p.id, s);
              s.once('connect', () => resolve());
              s.once('connect_error', (e) => reject(new Error(`socket refused: ${e.message}`)));
            }),
        ),
      );
    }
    const connectMs = performance.now() - t0;
    const after = await ask('memory', 'memory');

    // Trades: open, then mark_paid; the seller's socket hears trade:updated.
    const arrivals = new Map<string, number>();
    const responses = new Map<string, number>();
    const waiters = new Map<string, () => void>();
    for (const p of pairs) {
      byUser.get(p.seller.id)?.on('trade:updated', (e: { tradeId: string; status: string }) => {
        if (e.status !== 'PAYMENT_PENDING') return;
        arrivals.set(e.tradeId, wallclock());
        waiters.get(e.tradeId)?.();
      });
    }
    const usable = pairs.filter((p) => byUser.has(p.seller.id) && byUser.has(p.buyer.id));
    let next = 0;
    let missed = 0;
    const one = async () => {
      const pair = usable[next++ % usable.length] as RtPair;
      const auth = { authorization: `Bearer ${pair.buyer.token}` };
      const { tradeId } = await ok<{ tradeId: string }>(
        request(base, 'POST', '/api/v1/trades', auth, {
          orderId: pair.orderId,
          amountFiat: '1000',
          paymentMethod: 'sberbank',
        }),
      );
      const heard = new Promise<boolean>((resolve) => {
        if (arrivals.has(tradeId)) return resolve(true);
        const timer = setTimeout(() => resolve(false), 5_000);
        waiters.set(tradeId, () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      await ok(
        request(base, 'POST', `/api/v1/trades/${tradeId}/actions`, auth, {
          action: 'mark_paid',
          payload: { payer: { bank: 'sberbank', last4: '1234', name: 'Bench B.' } },
        }),
      );
      responses.set(tradeId, wallclock());
      if (!(await heard)) missed++;
      waiters.delete(tradeId);
    };
    let started = 0;
    await Promise.all(
      Array.from({ length: opts.concurrency }, async () => {
        while (started < opts.trades) {
          started++;
          await one();
        }
      }),
    );
    const { stamps } = await ask('stamps', 'stamps');
    const lat: number[] = [];
    const fromResponse: number[] = [];
    for (const [tradeId, published] of stamps) {
      const arrived = arrivals.get(tradeId);
      if (arrived === undefined) continue;
      lat.push(arrived - published);
      const r = responses.get(tradeId);
      if (r !== undefined) fromResponse.push(arrived - r);
    }
    lat.sort((a, b) => a - b);
    fromResponse.sort((a, b) => a - b);
    const n = sockets.length;
    return {
      sockets: n,
      connectMs,
      trades: lat.length,
      missed,
      p50: pct(lat, 0.5),
      p99: pct(lat, 0.99),
      max: lat[lat.length - 1] ?? Number.NaN,
      responseToEventP50: pct(fromResponse, 0.5),
      responseToEventP99: pct(fromResponse, 0.99),
      rssPerSocketKb: (after.rss - before.rss) / n / 1024,
      heapPerSocketKb: (after.heap - before.heap) / n / 1024,
    };
  } finally {
    for (const s of sockets) s.close();
    await server.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((e) => console.error(e));
  }
}

/** The server side, in the child process: app + Socket.IO on a seeded database. */
async function serve() {
  const send = (m: FromChild) => process.send?.(m);
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createContext } = await import('../apps/server/src/context.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { migrate } = await import('../apps/server/src/db/migrate.ts');
  const { systemClock } = await import('../apps/server/src/lib/clock.ts');
  const { attachRealtime } = await import('../apps/server/src/modules/realtime/realtime.ts');
  const { seedBook } = await import('./bench-seed.ts');
  const url = process.env.BENCH_RT_DB as string;
  const n = Number(process.env.BENCH_RT_PAIRS);
  const database = await openDatabase({ databaseUrl: url, poolMax: 20 });
  await migrate(database);
  const config = loadConfig({
    NODE_ENV: 'development',
    DATABASE_URL: url,
    RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    AUTH_DEV_LOGIN: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'p2p-bench-rt-')),
    PRICE_API_URL: 'http://127.0.0.1:9/simple/price',
    // Each buyer holds many unpaid trades at once (docs/decisions/023 limits, out of reach).
    LIMIT_NEW_OPEN_TRADES: '1000',
    LIMIT_OPEN_TRADES: '1000',
  });
  const ctx = createContext(config, database, systemClock);
  // Stamped before Socket.IO's own listener runs: the moment the service publishes, after commit.
  const stamps = new Map<string, number>();
  ctx.notifier.subscribe((e) => {
    const p = e.payload as { tradeId?: string; action?: string };
    if (e.event === 'trade:updated' && p.action === 'mark_paid' && p.tradeId && !stamps.has(p.tradeId))
      stamps.set(p.tradeId, wallclock());
  });
  const app = await buildApp(ctx, { logger: false });
  await attachRealtime(app.server, ctx);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  await seedBook(url, { owners: n, sellPerOwner: 1, buyPerOwner: 0, prefix: 'rts' });
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows: sellers } = await c.query(
    `SELECT u.id, o.id AS order_id FROM users u JOIN orders o ON o.user_id = u.id WHERE u.username LIKE 'rts%'
     ORDER BY u.username`,
  );
  const { rows: buyers } = await c.query(
    `INSERT INTO users (username, first_name) SELECT 'rtb' || g, 'Buyer' FROM generate_series(1, $1) g RETURNING id`,
    [n],
  );
  await c.end();
  const token = async (id: string) => (await ctx.sessions.start('user', id)).accessToken;
  const pairs: RtPair[] = [];
  for (const [i, s] of sellers.entries()) {
    const b = buyers[i];
    if (!b) break;
    pairs.push({
      seller: { id: s.id, token: await token(s.id) },
      buyer: { id: b.id, token: await token(b.id) },
      orderId: s.order_id,
    });
  }
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (m) => {
    if (m === 'memory') {
      // Settled before reading: garbage from seeding or handshakes collected, and the pages
      // the collector gave back returned (RSS moves in pages; heap is the exact figure).
      void (async () => {
        for (let i = 0; i < 3; i++) {
          gc?.();
          await new Promise((r) => setTimeout(r, 200));
        }
        const u = process.memoryUsage();
        send({ type: 'memory', rss: u.rss, heap: u.heapUsed });
      })();
    } else if (m === 'stamps') send({ type: 'stamps', stamps: [...stamps] });
  });
  process.on('SIGTERM', () => {
    app.close().finally(() => database.close().finally(() => process.exit(0)));
  });
  send({ type: 'ready', base, pairs });
}

function fmt(r: RealtimeResult) {
  const f = (x: number) => x.toFixed(1);
  return [
    `realtime: ${r.sockets} sockets connected in ${Math.round(r.connectMs)} ms; ${r.trades} trades, ${r.missed} events missed`,
    `  commit -> counterparty trade:updated: p50 ${f(r.p50)} ms, p99 ${f(r.p99)} ms, max ${f(r.max)} ms`,
    `  mark_paid HTTP response -> event: p50 ${f(r.responseToEventP50)} ms, p99 ${f(r.responseToEventP99)} ms`,
    `  server memory per socket: RSS ${f(r.rssPerSocketKb)} KB, heap ${f(r.heapPerSocketKb)} KB`,
  ].join('\n');
}

export { fmt as formatRealtime };

if (process.env.BENCH_RT_CHILD === '1') {
  serve().catch((error: unknown) => {
    process.send?.({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
} else if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const quick = process.env.BENCH_QUICK === '1';
  const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  console.log(
    `bench:realtime: load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  runRealtimeBench({
    adminUrl,
    sockets: Number(process.env.BENCH_SOCKETS ?? (quick ? 200 : 2000)),
    trades: Number(process.env.BENCH_RT_TRADES ?? (quick ? 50 : 1000)),
    concurrency: Number(process.env.BENCH_CONCURRENCY ?? 16),
  }).then(
    (r) => {
      console.log(fmt(r));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
