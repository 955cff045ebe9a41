import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The "straight to PostgreSQL" baselines of `npm run bench`:
 *  - captureStatements records every statement the app's pool sends during a request (text,
 *    values, which connection, when it was sent and answered, what it returned);
 *  - replayer sends a captured request again with `pg` alone: same statements on the same
 *    number of connections, overlapping where the app's overlapped, with the ids of the
 *    captured run swapped for the fresh ones this run's statements return (a new trade id,
 *    a new ledger transaction id) or the caller gives (another buyer, seller and order);
 *  - pgbenchReference runs the reference transaction with pgbench.
 * The replay writes the captured absolute values (a balance, an order's remainder), so it
 * runs on a scratch copy of the bench database, never on the one the ledger audit checks.
 */

export interface Statement {
  text: string;
  values: unknown[];
}

export interface Captured extends Statement {
  /** Extra fields of a query config (rowMode, types), passed on as they were. */
  config: Record<string, unknown>;
  /** Index of the connection it ran on, in order of first use within the capture. */
  slot: number;
  issued: number;
  done: number;
  rows: unknown[];
  /** Sent after the request had been answered (after-commit work such as notifications). */
  tail: boolean;
}

/** How long the pool must stay quiet after the answer before a capture ends. */
const SETTLE_MS = 150;

/**
 * Records the SQL statements the app's pool runs during `fn`, with their answers, and
 * what it still runs after `fn` resolved (work after the response) until the pool has
 * been idle for SETTLE_MS; those are marked `tail`.
 */
export async function captureStatements(fn: () => Promise<unknown>): Promise<Captured[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const seen: Captured[] = [];
  const slots = new Map<unknown, number>();
  let answered = false;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    let entry: Captured | null = null;
    const slot = slots.get(this) ?? slots.size;
    slots.set(this, slot);
    // Work the app deferred past its answer (notifications) starts after the outbox relay's
    // gathering window (docs/decisions/061), by then the answer is out.
    const base = {
      slot,
      issued: performance.now(),
      done: 0,
      rows: [] as unknown[],
      tail: answered,
    };
    if (typeof first === 'string')
      entry = { text: first, values: Array.isArray(second) ? second : [], config: {}, ...base };
    else if (first && typeof first === 'object' && 'text' in first) {
      const {
        text,
        values,
        callback: _cb,
        // The app's prepared-statement name is its pool's own; the replay's pool names its own.
        name: _name,
        ...config
      } = first as {
        name?: string;
        text: string;
        values?: unknown[];
        callback?: unknown;
      };
      // node-postgres takes the values inside the config or as the second argument.
      entry = { text, values: values ?? (Array.isArray(second) ? second : []), config, ...base };
    }
    if (entry) seen.push(entry);
    const finish = (res: unknown) => {
      if (!entry) return;
      entry.done = performance.now();
      const rows = (res as { rows?: unknown[] } | undefined)?.rows;
      if (Array.isArray(rows)) entry.rows = rows;
    };
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, res: unknown) => {
        finish(res);
        (last as (e: unknown, r: unknown) => void)(err, res);
      };
      return original.apply(this, args);
    }
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function')
      (out as Promise<unknown>).then(finish, () => finish(undefined));
    return out;
  };
  try {
    await fn();
    answered = true;
    for (;;) {
      const count = seen.length;
      await new Promise((r) => setTimeout(r, SETTLE_MS));
      if (seen.length === count && seen.every((e) => e.done > 0)) break;
    }
  } finally {
    proto.query = original;
  }
  return seen;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

/** Captured ids -> this run's ids, and the capture's clock -> now. */
export class IdMap {
  readonly ids = new Map<string, string>();
  constructor(
    fixed: [string, string][],
    private readonly shiftMs: number,
  ) {
    for (const [a, b] of fixed) this.ids.set(a, b);
  }

  value(v: unknown): unknown {
    if (typeof v === 'string') {
      if (ISO.test(v)) return new Date(Date.parse(v) + this.shiftMs).toISOString();
      // An id neither fixed nor returned earlier was chosen by the app (a trade, a chat line):
      // this run chooses its own, once, and uses it wherever the capture used the old one.
      return v.replace(UUID, (id) => {
        let fresh = this.ids.get(id);
        if (!fresh) {
          fresh = randomUUID();
          this.ids.set(id, fresh);
        }
        return fresh;
      });
    }
    if (v instanceof Date) return new Date(v.getTime() + this.shiftMs);
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    return v;
  }

  /** Learns the ids a statement returned, position by position against the captured answer. */
  learn(captured: unknown, fresh: unknown) {
    if (typeof captured === 'string' && typeof fresh === 'string') {
      if (captured !== fresh && /^[0-9a-f-]{36}$/.test(captured) && !this.ids.has(captured))
        this.ids.set(captured, fresh);
      return;
    }
    if (captured && fresh && typeof captured === 'object' && typeof fresh === 'object') {
      if (Array.isArray(captured) && Array.isArray(fresh))
        captured.forEach((c, i) => {
          this.learn(c, fresh[i]);
        });
      else if (!(captured instanceof Date))
        for (const [k, c] of Object.entries(captured)) this.learn(c, (fresh as Record<string, unknown>)[k]);
    }
  }
}

/**
 * Sends one captured request again over `pool`; resolves when the statements the app ran
 * before answering are done (the tail goes on in `background`). A statement waits for every earlier one
 * that had been answered before the app sent it (its possible inputs); statements the app
 * had in flight together go out together. A connection used for several statements (a
 * transaction) is held from its first to its last; single reads go through the pool.
 */
export async function replay(
  pool: pg.Pool,
  script: Captured[],
  map: IdMap,
  background: Set<Promise<unknown>>,
): Promise<number> {
  const uses = new Map<number, number>();
  for (const s of script) uses.set(s.slot, (uses.get(s.slot) ?? 0) + 1);
  const clients = new Map<number, Promise<pg.PoolClient>>();
  const left = new Map(uses);
  const running: Promise<unknown>[] = [];
  const send = async (s: Captured, after: Promise<unknown>[]) => {
    await Promise.all(after);
    const config = { ...s.config, text: s.text, values: s.values.map((v) => map.value(v)) };
    let res: pg.QueryResult;
    if ((uses.get(s.slot) ?? 0) === 1) res = await pool.query(config as pg.QueryConfig);
    else {
      let client = clients.get(s.slot);
      if (!client) {
        client = pool.connect();
        clients.set(s.slot, client);
      }
      const c = await client;
      try {
        res = await c.query(config as pg.QueryConfig);
      } catch (error) {
        await c.query('ROLLBACK').catch(() => {});
        c.release();
        left.set(s.slot, -1);
        throw error;
      }
      const n = (left.get(s.slot) ?? 0) - 1;
      left.set(s.slot, n);
      if (n === 0) c.release();
    }
    map.learn(s.rows, res.rows);
  };
  // Statements on one connection run in order anyway; the chain keeps that explicit.
  const lastOnSlot = new Map<number, Promise<unknown>>();
  for (const [i, s] of script.entries()) {
    const after = script
      .slice(0, i)
      .map((p, j) => [p, running[j]] as const)
      .filter(([p]) => p.done <= s.issued)
      .map(([, r]) => r as Promise<unknown>);
    const prev = lastOnSlot.get(s.slot);
    if (prev) after.push(prev);
    const p = send(s, after);
    p.catch(() => {});
    running.push(p);
    lastOnSlot.set(s.slot, p);
  }
  // The answer waits for what the app did before answering; the rest runs on, as in the app.
  await Promise.all(running.filter((_, i) => !script[i]?.tail));
  const rest = Promise.allSettled(running);
  background.add(rest);
  void rest.then(() => background.delete(rest));
  return script.length;
}

export interface Reference {
  plain: number;
  /** The shared fee row updated as the last statement before COMMIT (held shortest). */
  feeLast: number;
  /** The shared fee row locked first, as the app's account order ('fees' < 'user:…') does. */
  feeFirst: number;
}

/**
 * The reference transaction (lock the trade, update it, record the action, move two
 * balances, append three ledger rows) with pgbench on `clients` connections, without and
 * with one shared fee-balance row updated in each (last, or first as the app locks it). Runs on its own tables (bench_ref_*) in
 * the scratch database. Returns transactions/s, or null when pgbench is not installed.
 */
export async function pgbenchReference(
  url: string,
  clients: number,
  seconds: number,
): Promise<Reference | null> {
  if (spawnSync('which', ['pgbench']).status !== 0) return null;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`
      DROP TABLE IF EXISTS bench_ref_trades, bench_ref_actions, bench_ref_balances, bench_ref_ledger;
      CREATE TABLE bench_ref_trades (id int PRIMARY KEY, status int NOT NULL, updated_at timestamptz NOT NULL);
      CREATE TABLE bench_ref_actions (id bigserial PRIMARY KEY, trade_id int NOT NULL, action text NOT NULL,
        created_at timestamptz NOT NULL);
      CREATE INDEX ON bench_ref_actions (trade_id, id);
      CREATE TABLE bench_ref_balances (id int PRIMARY KEY, available bigint NOT NULL, locked bigint NOT NULL,
        updated_at timestamptz NOT NULL);
      CREATE TABLE bench_ref_ledger (id bigserial PRIMARY KEY, tx bigint NOT NULL, account int NOT NULL,
        delta bigint NOT NULL, created_at timestamptz NOT NULL);
      CREATE INDEX ON bench_ref_ledger (account);
      CREATE INDEX ON bench_ref_ledger (tx);
      INSERT INTO bench_ref_trades SELECT g, 0, now() FROM generate_series(1, 100000) g;
      INSERT INTO bench_ref_balances SELECT g, 1000000000000, 1000000000000, now() FROM generate_series(0, 10000) g;
      ANALYZE bench_ref_trades, bench_ref_balances;`);
  } finally {
    await c.end();
  }
  const dir = mkdtempSync(join(tmpdir(), 'p2p-bench-ref-'));
  const feeRow =
    'UPDATE bench_ref_balances SET available = available + 1, updated_at = now() WHERE id = 0;\n';
  const script = (fee: 'none' | 'first' | 'last') => `\\set t random(1, 100000)
\\set lo random(1, 5000)
\\set hi random(5001, 10000)
BEGIN;
SELECT status FROM bench_ref_trades WHERE id = :t FOR UPDATE;
UPDATE bench_ref_trades SET status = status + 1, updated_at = now() WHERE id = :t;
INSERT INTO bench_ref_actions (trade_id, action, created_at) VALUES (:t, 'release_crypto', now());
${fee === 'first' ? feeRow : ''}UPDATE bench_ref_balances SET locked = locked - 2, updated_at = now() WHERE id = :lo;
UPDATE bench_ref_balances SET available = available + 1, updated_at = now() WHERE id = :hi;
INSERT INTO bench_ref_ledger (tx, account, delta, created_at) VALUES (:t, :lo, -2, now()), (:t, :hi, 1, now()), (:t, 0, 1, now());
${fee === 'last' ? feeRow : ''}COMMIT;
`;
  const run = (name: string, fee: 'none' | 'first' | 'last') => {
    const file = join(dir, `${name}.sql`);
    writeFileSync(file, script(fee));
    const args = ['-n', '-c', String(clients), '-j', '2', '-T', String(seconds), '-f', file, url];
    const out = spawnSync('pgbench', args, { encoding: 'utf8' });
    const tps = /tps = ([\d.]+)/.exec(out.stdout ?? '');
    if (!tps) throw new Error(`pgbench failed: ${(out.stderr ?? '').slice(0, 500)}`);
    return Number(tps[1]);
  };
  return {
    plain: run('plain', 'none'),
    feeLast: run('fee-last', 'last'),
    feeFirst: run('fee-first', 'first'),
  };
}
