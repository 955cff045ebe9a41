import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forkBenchChild } from './bench-child.ts';

/**
 * The app under load in `npm run bench`, in a process of its own: the load generator and the
 * baselines stay in the bench's process, so the app's event loop and CPU time are its own and
 * its figures no longer include the client's cost. The child runs one instance as `npm start`
 * runs it (instance.ts: request logs, sockets with Redis, the loops; the same V8 flags and config
 * loader; docs/decisions/055), on the bench's database.
 *
 * BENCH_CPU_PROF=<dir> runs the child with `--cpu-prof` into that directory (one .cpuprofile
 * per start), for looking at where an action's CPU time goes.
 */

export interface AppProcess {
  base: string;
  pid: number;
  close(): Promise<void>;
}

type FromChild = { type: 'ready'; base: string } | { type: 'error'; message: string };

/** Settings the app runs with in every bench process (in-process captures and the child). */
export function benchConfigEnv(databaseUrl: string, jwtSecret: string): Record<string, string> {
  return {
    NODE_ENV: 'development',
    DATABASE_URL: databaseUrl,
    RATE_LIMIT: '0',
    LOG_LEVEL: 'silent',
    DEMO_DATA: '0',
    AUTH_DEV_LOGIN: '0',
    JWT_SECRET: jwtSecret,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'p2p-bench-data-')),
    PRICE_API_URL: 'http://127.0.0.1:9/simple/price',
    // Bench buyers are new accounts that hold many trades at once: the limits are still checked
    // on every opening (docs/decisions/023), at thresholds the load never reaches.
    ...BENCH_TRADE_LIMITS,
  };
}

/**
 * What the app under load runs with beyond the bench's settings: request logs at `info`, as
 * `npm start` writes them (to a pipe this process drains), Redis for the sockets' fan-out
 * across instances (BENCH_REDIS_URL, default the local one; empty: none), and the Telegram bot,
 * a sink of every notice (BENCH_BOT=0: none). The bench's users have no chat with it, so it
 * never calls Telegram: its API root is a closed local port.
 */
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PRODUCTION_SHAPE: Record<string, string> = {
  LOG_LEVEL: 'info',
  ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  ...(process.env.BENCH_BOT === '0'
    ? {}
    : {
        TELEGRAM_BOT_TOKEN: '100200300:bench-bot-token-not-a-real-one',
        TELEGRAM_BOT_USERNAME: 'p2p_bench_bot',
        TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
      }),
};

/** The V8 flags `npm start` runs node with (package.json, docs/decisions/014). */
function startFlags(): string[] {
  const manifest = JSON.parse(
    readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8'),
  );
  const start = /^node (.*?)\s*scripts\/start\.mjs/.exec(manifest.scripts?.start ?? '');
  return start?.[1] ? start[1].split(/\s+/).filter((f) => f.startsWith('--')) : [];
}

/** Trade limits no bench load reaches (the checks run as in production). */
export const BENCH_TRADE_LIMITS = {
  LIMIT_NEW_OPEN_TRADES: '1000',
  LIMIT_OPEN_TRADES: '1000',
} as const;

/**
 * Starts the app in a child process; `checkout`: the root of another checkout of this repository
 * (with its own node_modules), whose app is started instead (BENCH_COMPARE in scripts/bench.ts).
 */
export async function startAppProcess(
  env: Record<string, string>,
  poolMax: number,
  checkout?: string,
): Promise<AppProcess> {
  const profileDir = process.env.BENCH_CPU_PROF;
  const app = forkBenchChild<FromChild>(
    checkout ? join(checkout, 'scripts', 'bench-app.ts') : fileURLToPath(import.meta.url),
    'bench app',
    { ...env, ...PRODUCTION_SHAPE, BENCH_APP_CHILD: '1', BENCH_APP_POOL: String(poolMax) },
    [...startFlags(), ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
    { drainStdout: true },
  );
  const { base } = await app.ask('ready');
  return { base, pid: app.child.pid ?? 0, close: app.stop };
}

/**
 * The child: one instance as `npm start` runs it (instance.ts: request logs, sockets, Redis,
 * the loops), on its own pool, answering until SIGTERM.
 */
async function serve() {
  const send = (m: FromChild) => process.send?.(m);
  const { loadConfig } = await import('../apps/server/src/config.ts');
  const { createContext } = await import('../apps/server/src/context.ts');
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { startInstance } = await import('../apps/server/src/instance.ts');
  const { systemClock } = await import('../apps/server/src/lib/clock.ts');
  const config = loadConfig(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl as string,
    poolMax: Number(process.env.BENCH_APP_POOL),
  });
  const ctx = createContext(config, database, systemClock);
  const { app, stop } = await startInstance(ctx);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', () => {
    // Exit through process.exit so --cpu-prof writes its profile.
    const steps = [...stop, () => database.close()];
    steps
      .reduce((done, step) => done.then(step), Promise.resolve<unknown>(undefined))
      .finally(() => process.exit(0));
  });
  send({ type: 'ready', base });
}

if (process.env.BENCH_APP_CHILD === '1') {
  serve().catch((error: unknown) => {
    process.send?.({
      type: 'error',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    process.exit(1);
  });
}

export const newJwtSecret = () => randomBytes(32).toString('hex');

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime, stime, cutime, cstime of a process (/proc/<pid>/stat), in ms; null when it is gone. */
function times(pid: string | number): number[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [11, 12, 13, 14].map((i) => Number(fields[i]) * TICK_MS);
  } catch {
    return null;
  }
}

/** CPU time used so far (ms): in the process's own code (`user`) and in the kernel for it (`system`). */
export interface CpuTimes {
  user: number;
  system: number;
}

/**
 * CPU time (user + system, ms) used so far by one process, or by PostgreSQL: every server
 * process plus what the postmaster's exited children used. Linux only (null elsewhere).
 */
export function cpuTime(which: number | 'postgres'): number | null {
  const t = cpuTimes(which);
  return t ? t.user + t.system : null;
}

/**
 * `cpuTime`, split into user and system time. The system share is what the process's system
 * calls (its socket writes and reads, epoll) cost it; a profile's samples in a system call are
 * wall time, which includes being descheduled inside it.
 */
export function cpuTimes(which: number | 'postgres'): CpuTimes | null {
  if (process.platform !== 'linux') return null;
  if (which !== 'postgres') {
    const t = times(which);
    return t ? { user: t[0] ?? 0, system: t[1] ?? 0 } : null;
  }
  const total = { user: 0, system: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let cmd: string;
    try {
      cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    const backend = cmd.startsWith('postgres:');
    // The postmaster's command line is the server binary; it holds its reaped backends' time.
    const postmaster = /(^|\/)postgres$/.test(cmd.split('\0')[0] ?? '');
    if (!backend && !postmaster) continue;
    const t = times(entry);
    if (!t) continue;
    total.user += t[0] ?? 0;
    total.system += t[1] ?? 0;
    if (postmaster) {
      total.user += t[2] ?? 0;
      total.system += t[3] ?? 0;
    }
  }
  return total;
}
