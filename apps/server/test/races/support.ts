import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { FEE_ACCOUNT_SQL } from '../../src/modules/ledger/ledger.ts';
import { uniqueName } from '../factories.ts';
import { type signIn, signInEnrolled, type TestApp } from '../helpers.ts';

/**
 * Shared pieces of the race suites. Each race fires its requests with one Promise.all: on
 * PostgreSQL every request runs its own transaction on its own pooled connection, so the
 * row locks really compete; on PGlite the same code runs serialized and must still pass.
 */

export type Session = Awaited<ReturnType<typeof signIn>>;

/** A signed-in user with a fresh unique name, two-factor on (any of them may sell). */
export const newSession = (t: TestApp, prefix: string) => signInEnrolled(t, uniqueName(prefix));

/** Signs in `n` users, a few at a time (setup, not part of any race). */
export async function newSessions(t: TestApp, prefix: string, n: number): Promise<Session[]> {
  const out: Session[] = [];
  for (let i = 0; i < n; i += 25) {
    const batch = Math.min(25, n - i);
    out.push(...(await Promise.all(Array.from({ length: batch }, () => newSession(t, prefix)))));
  }
  return out;
}

/** POST /trades/:id/actions as one party. */
export function act(
  app: FastifyInstance,
  who: Session,
  tradeId: string,
  action: string,
  payload: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/v1/trades/${tradeId}/actions`,
    headers: who.headers,
    payload: { action, payload },
  });
}

/** How many times each value occurs, e.g. HTTP statuses of a race. */
export function tally<T extends string | number>(values: T[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[String(v)] = (out[String(v)] ?? 0) + 1;
  return out;
}

/** Outcome of a promise without throwing: the value, or the error it failed with. */
export async function settle<T>(
  p: Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  try {
    return { ok: true, value: await p };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Times `fn` in milliseconds. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await fn();
  return { result, ms: Math.round(performance.now() - started) };
}

/** One line per race for the release note: engine, counts, elapsed ms. */
export function report(ctx: AppContext, name: string, figures: Record<string, unknown>, ms: number) {
  const parts = Object.entries(figures).map(
    ([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : v}`,
  );
  console.log(`[race:${ctx.database.engine}] ${name}: ${parts.join(' ')} in ${ms} ms`);
}

/**
 * Another server instance on the same database: same pool, its own clock. Schedulers built
 * on it claim work exactly like a second process would (FOR UPDATE SKIP LOCKED).
 */
export function otherInstance(ctx: AppContext, at: Date): { ctx: AppContext; clock: ManualClock } {
  const clock = new ManualClock(at);
  return { ctx: { ...ctx, clock }, clock };
}

/** Ledger settlement postings (release/refund) of each trade, by kind. */
export async function settlementsOf(ctx: AppContext, tradeIds: string[]) {
  const rows = await queryRows<{ ref_id: string; kind: string; n: string }>(
    ctx.db,
    sql`SELECT ref_id, kind, COUNT(*)::text AS n FROM ledger_transactions
        WHERE kind IN ('trade_release', 'trade_refund')
          AND ref_id IN (${sql.join(
            tradeIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        GROUP BY ref_id, kind`,
  );
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) out.set(r.ref_id, { ...(out.get(r.ref_id) ?? {}), [r.kind]: Number(r.n) });
  return out;
}

/** The history (trade_actions.action) of each trade, in order. */
export async function historiesOf(ctx: AppContext, tradeIds: string[]) {
  const rows = await queryRows<{ trade_id: string; action: string }>(
    ctx.db,
    sql`SELECT trade_id, action FROM trade_actions
        WHERE trade_id IN (${sql.join(
          tradeIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
        ORDER BY id`,
  );
  const out = new Map<string, string[]>(tradeIds.map((id) => [id, []]));
  for (const r of rows) out.get(r.trade_id)?.push(r.action);
  return out;
}

/** Balance of a system account ('fees': the sum over every fee account, 'external'). */
export async function systemBalance(ctx: AppContext, account: 'fees' | 'external', currency = 'BTC') {
  const which = account === 'fees' ? sql.raw(FEE_ACCOUNT_SQL('account')) : sql`account = 'external'`;
  const [row] = await queryRows<{ available: string | null }>(
    ctx.db,
    sql`SELECT SUM(available)::text AS available FROM balances WHERE ${which} AND currency = ${currency}`,
  );
  return BigInt(row?.available ?? '0');
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `make(i)` for i < n, `size` at a time (fast setup; not a race). */
export async function inBatches<T>(n: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += size) {
    const batch = Array.from({ length: Math.min(size, n - i) }, (_, j) => make(i + j));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}
