import http from 'node:http';

/**
 * The load generator of `npm run bench`: keep-alive HTTP/1.1 over node:http (lighter per
 * request than fetch, so the client steals less CPU from the server it shares a process
 * with), `concurrency` workers each running `task` back to back for a fixed time.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export interface Reply {
  status: number;
  body: string;
}

export function request(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<Reply> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === undefined
            ? headers
            : {
                ...headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(payload),
              },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Throws unless the reply is a 200; returns the parsed JSON body. */
export async function ok<T = Record<string, unknown>>(reply: Promise<Reply>): Promise<T> {
  const r = await reply;
  if (r.status !== 200) throw new Error(`HTTP ${r.status}: ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as T;
}

export interface LoadResult {
  /** Completed tasks per second over the measured window. */
  opsPerSec: number;
  /** Each counted task's duration, ms, sorted. */
  latencies: number[];
  done: number;
  errors: number;
  firstError: string | null;
  p50: number;
  p99: number;
  seconds: number;
}

/**
 * Runs `task(worker, i)` on `concurrency` workers for `warmupS + seconds`; only tasks that
 * finish inside the measured window count.
 */
export async function runLoad(
  task: (worker: number, i: number) => Promise<void>,
  opts: { concurrency: number; seconds: number; warmupS: number },
): Promise<LoadResult> {
  const start = performance.now();
  const measureFrom = start + opts.warmupS * 1000;
  const end = measureFrom + opts.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | null = null;
  const worker = async (w: number) => {
    for (let i = 0; performance.now() < end; i++) {
      const t0 = performance.now();
      try {
        await task(w, i);
        const t1 = performance.now();
        if (t0 >= measureFrom && t1 <= end) latencies.push(t1 - t0);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  return summarize(latencies, opts.seconds, errors, firstError);
}

/** A result's latency as the bench prints it: `p50 x, p99 y ms`. */
export const latency = (r: LoadResult) => `p50 ${r.p50.toFixed(1)}, p99 ${r.p99.toFixed(1)} ms`;

export function summarize(
  latencies: number[],
  seconds: number,
  errors: number,
  firstError: string | null,
): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    opsPerSec: sorted.length / seconds,
    latencies: sorted,
    done: sorted.length,
    errors,
    firstError,
    p50: at(0.5),
    p99: at(0.99),
    seconds,
  };
}

/**
 * Measures several targets in alternating slices (a, b, c, a, b, c, ...) after one warm-up
 * each, so a change in the machine's load mid-run hits every target alike; the slices of a
 * target are then added up. On a shared machine this matters more than slice length.
 */
export async function interleaved<K extends string>(
  tasks: Record<K, (worker: number, i: number) => Promise<void>>,
  opts: { concurrency: number; seconds: number; warmupS: number; rounds: number },
  /** Called once the warm-ups are over, before the first measured slice. */
  onMeasure?: () => void,
): Promise<Record<K, LoadResult>> {
  const keys = Object.keys(tasks) as K[];
  const slices = new Map<K, LoadResult[]>(keys.map((k) => [k, []]));
  for (const k of keys)
    await runLoad(tasks[k], { concurrency: opts.concurrency, seconds: opts.warmupS, warmupS: 0 });
  onMeasure?.();
  const slice = { concurrency: opts.concurrency, seconds: opts.seconds / opts.rounds, warmupS: 0 };
  for (let r = 0; r < opts.rounds; r++) {
    // Rotate who goes first, so no target always follows the same neighbour.
    for (let j = 0; j < keys.length; j++) {
      const k = keys[(r + j) % keys.length] as K;
      slices.get(k)?.push(await runLoad(tasks[k], slice));
    }
  }
  const out = {} as Record<K, LoadResult>;
  for (const k of keys) {
    const parts = slices.get(k) ?? [];
    out[k] = summarize(
      parts.flatMap((p) => p.latencies),
      parts.reduce((s, p) => s + p.seconds, 0),
      parts.reduce((s, p) => s + p.errors, 0),
      parts.find((p) => p.firstError)?.firstError ?? null,
    );
  }
  return out;
}
