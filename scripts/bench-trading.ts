/**
 * The book while people trade, for `npm run bench` (scripts/bench.ts, part (c)): the same book
 * page under the same keep-alive load in alternating slices — the bare node:http server sending
 * the app's bytes, the app at rest, and the app while a driver runs trade lifecycles (open →
 * mark_paid → confirm_payment → release_crypto: 4 ledger-moving actions) at a fixed rate on
 * orders shown on that very page. The driver starts lifecycles on a clock, whatever the
 * answers' latency, so the trading does not slow down when the server does (the rate is the
 * scenario's, the book's throughput is the measure).
 */

import type { CpuTimes } from './bench-app.ts';
import { type LoadResult, latency, ok, request, runLoad, summarize } from './bench-load.ts';

export interface BookUnderTrading {
  bare: LoadResult;
  rest: LoadResult;
  trading: LoadResult;
  /** Actions a second the driver asked for, and how many it completed (and failed) in its slices. */
  rate: number;
  actions: number;
  actionErrors: number;
  firstActionError: string | null;
  /** Seconds the driver ran (its slices, and the wait for its last lifecycles). */
  tradingSeconds: number;
}

interface Driver {
  stop(): Promise<{ actions: number; errors: number; firstError: string | null }>;
}

/**
 * Starts a lifecycle every `4 / rate` seconds on the next pair, until stopped. Starts more than
 * a second late (a busy machine) are not made up for, and at most two lifecycles a pair run at
 * once.
 */
export function startDriver<P>(run: (pair: P) => Promise<void>, pairs: readonly P[], rate: number): Driver {
  const everyMs = (4 * 1000) / rate;
  const maxInFlight = 2 * pairs.length;
  let running = true;
  let started = 0;
  let actions = 0;
  let errors = 0;
  let firstError: string | null = null;
  const inFlight = new Set<Promise<void>>();
  let next = performance.now();
  const loop = (async () => {
    while (running) {
      if (inFlight.size >= maxInFlight) {
        await Promise.race(inFlight);
        continue;
      }
      const pair = pairs[started % pairs.length] as P;
      started += 1;
      const p: Promise<void> = run(pair).then(
        () => {
          actions += 4;
        },
        (e: unknown) => {
          errors += 1;
          firstError ??= e instanceof Error ? e.message : String(e);
        },
      );
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
      // Late timers (a busy machine) are made up for within a second, never beyond.
      next = Math.max(next + everyMs, performance.now() - 1000);
      const wait = next - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      await Promise.all(inFlight);
      return { actions, errors, firstError };
    },
  };
}

export async function bookUnderTrading<P>(opts: {
  appBase: string;
  bareBase: string;
  path: string;
  lifecycle: (pair: P) => Promise<void>;
  pairs: readonly P[];
  rate: number;
  load: { concurrency: number; seconds: number; warmupS: number; rounds: number };
}): Promise<BookUnderTrading> {
  const { load } = opts;
  const app = async () => void (await ok(request(opts.appBase, 'GET', opts.path)));
  const bare = async () => void (await ok(request(opts.bareBase, 'GET', opts.path)));
  const slice = { concurrency: load.concurrency, seconds: load.seconds / load.rounds, warmupS: 0 };
  const parts = { bare: [] as LoadResult[], rest: [] as LoadResult[], trading: [] as LoadResult[] };
  let actions = 0;
  let drivenMs = 0;
  let actionErrors = 0;
  let firstActionError: string | null = null;
  const underTrading = async () => {
    const driver = startDriver(opts.lifecycle, opts.pairs, opts.rate);
    const t0 = performance.now();
    const result = await runLoad(app, slice);
    const done = await driver.stop();
    drivenMs += performance.now() - t0;
    actions += done.actions;
    actionErrors += done.errors;
    firstActionError ??= done.firstError;
    console.log(
      `    book while trading: slice of ${((performance.now() - t0) / 1000).toFixed(1)} s, ` +
        `${done.actions} actions, ${done.errors} failed lifecycles`,
    );
    return result;
  };
  await runLoad(app, { ...slice, seconds: load.warmupS });
  await runLoad(bare, { ...slice, seconds: load.warmupS });
  const targets = [
    ['bare', () => runLoad(bare, slice)],
    ['rest', () => runLoad(app, slice)],
    ['trading', underTrading],
  ] as const;
  for (let r = 0; r < load.rounds; r++) {
    for (let j = 0; j < targets.length; j++) {
      const [name, run] = targets[(r + j) % targets.length] as (typeof targets)[number];
      parts[name].push(await run());
    }
  }
  const sum = (list: LoadResult[]) =>
    summarize(
      list.flatMap((p) => p.latencies),
      list.reduce((s, p) => s + p.seconds, 0),
      list.reduce((s, p) => s + p.errors, 0),
      list.find((p) => p.firstError)?.firstError ?? null,
    );
  return {
    bare: sum(parts.bare),
    rest: sum(parts.rest),
    trading: sum(parts.trading),
    rate: opts.rate,
    actions,
    actionErrors,
    firstActionError,
    tradingSeconds: drivenMs / 1000,
  };
}

const ratio = (a: LoadResult, b: LoadResult) =>
  b.opsPerSec > 0 ? (a.opsPerSec / b.opsPerSec).toFixed(2) : '-';

export function formatTrading(t: BookUnderTrading): string {
  const line = (name: string, r: LoadResult) =>
    `  ${name.padEnd(34)} ${r.opsPerSec.toFixed(0).padStart(6)} req/s, p50 ${r.p50.toFixed(1)}, ` +
    `p99 ${r.p99.toFixed(1)} ms, ${ratio(r, t.bare)}× bare${r.errors ? `, ${r.errors} errors` : ''}`;
  return [
    'book while trading (same page, alternating slices):',
    line('bare node:http, same bytes', t.bare),
    line('app at rest', t.rest),
    line(`app while trading at ${t.rate} actions/s`, t.trading),
    `  trading: ${(t.actions / t.tradingSeconds).toFixed(1)} actions/s done, ${t.actionErrors} failed lifecycles` +
      (t.firstActionError ? ` (first: ${t.firstActionError})` : ''),
  ].join('\n');
}

/** Trade actions at an offered rate: what was done, and each action's latency (open loop). */
export interface ActionsAtRate {
  rate: number;
  /** Every action's latency, and by kind (open, mark_paid, ...). */
  all: LoadResult;
  byKind: Record<string, LoadResult>;
  errors: number;
  firstError: string | null;
  /**
   * CPU per action done over the measured seconds (ms), when `cpu` reads it (Linux /proc): the
   * app's and PostgreSQL's, each with the part of it spent in the kernel (`system`).
   */
  cpu: { app: number; postgres: number; appSystem: number; postgresSystem: number } | null;
}

/** CPU time of the app's process and of PostgreSQL's, or null where it cannot be read. */
export type CpuReader = () => { app: CpuTimes | null; postgres: CpuTimes | null };

/**
 * The app alone under trade lifecycles started on a clock at `rate` actions a second (after a
 * warm-up), whatever the answers' latency: the figure a closed loop cannot give, the latency
 * at a given throughput. The lifecycle records each action's latency by kind into `kinds`; when the app cannot keep up, the driver's cap on lifecycles in flight holds
 * the rate back, and the rate done shows it.
 */
export async function actionsAtRate<P>(opts: {
  lifecycle: (pair: P) => Promise<void>;
  kinds: Record<string, number[]>;
  pairs: readonly P[];
  rate: number;
  seconds: number;
  warmupS: number;
  cpu?: CpuReader;
}): Promise<ActionsAtRate> {
  const clear = () => {
    for (const list of Object.values(opts.kinds)) list.length = 0;
  };
  const warm = startDriver(opts.lifecycle, opts.pairs, opts.rate);
  await new Promise((r) => setTimeout(r, opts.warmupS * 1000));
  await warm.stop();
  clear();
  const before = opts.cpu?.();
  const t0 = performance.now();
  const driver = startDriver(opts.lifecycle, opts.pairs, opts.rate);
  await new Promise((r) => setTimeout(r, opts.seconds * 1000));
  const done = await driver.stop();
  const seconds = (performance.now() - t0) / 1000;
  const after = opts.cpu?.();
  // With BENCH_CPU_PROF, the window's two instants on the monotonic clock the app's profile
  // timestamps its samples with: its samples of the open loop alone can be picked out.
  if (process.env.BENCH_CPU_PROF) {
    const end = process.hrtime.bigint() / 1000n;
    const start = end - BigInt(Math.round(seconds * 1e6));
    console.log(`  open loop on the monotonic clock (µs): ${start}–${end}`);
  }
  const byKind: Record<string, LoadResult> = {};
  for (const [kind, list] of Object.entries(opts.kinds)) byKind[kind] = summarize(list, seconds, 0, null);
  const actions = Object.values(opts.kinds).reduce((n, list) => n + list.length, 0);
  const per = (a: CpuTimes | null | undefined, b: CpuTimes | null | undefined) =>
    a == null || b == null || actions === 0
      ? null
      : { all: (b.user + b.system - a.user - a.system) / actions, system: (b.system - a.system) / actions };
  const app = per(before?.app, after?.app);
  const postgres = per(before?.postgres, after?.postgres);
  return {
    cpu:
      app === null || postgres === null
        ? null
        : { app: app.all, postgres: postgres.all, appSystem: app.system, postgresSystem: postgres.system },
    rate: opts.rate,
    all: summarize(Object.values(opts.kinds).flat(), seconds, done.errors, done.firstError),
    byKind,
    errors: done.errors,
    firstError: done.firstError,
  };
}

export function formatActionsAtRate(a: ActionsAtRate): string {
  return [
    `trade actions offered at ${a.rate}/s, app alone (open loop):`,
    `  ${a.all.opsPerSec.toFixed(1)} actions/s done, ${latency(a.all)}, ${a.errors} failed lifecycles` +
      (a.firstError ? ` (first: ${a.firstError})` : ''),
    ...Object.entries(a.byKind).map(([kind, r]) => `    ${kind.padEnd(16)} ${latency(r)}`),
    a.cpu
      ? `  CPU per action at this rate: app ${a.cpu.app.toFixed(2)} ms (${a.cpu.appSystem.toFixed(2)} in the kernel), ` +
        `PostgreSQL ${a.cpu.postgres.toFixed(2)} ms (${a.cpu.postgresSystem.toFixed(2)} in the kernel)`
      : '  CPU per action at this rate: not measured (needs Linux /proc)',
  ].join('\n');
}
