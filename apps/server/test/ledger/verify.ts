import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { FEE_ACCOUNT_SQL, userAccount } from '../../src/modules/ledger/ledger.ts';
import type { Model } from './model.ts';
import type { ModelWithdrawal } from './model-withdrawals.ts';

/** Checks of the property test: the database agrees with the model after a sequence. */

export type SystemBalances = Record<'fees' | 'external', Record<string, bigint>>;

export async function systemBalances(ctx: AppContext): Promise<SystemBalances> {
  // Fees are spread over several accounts (docs/decisions/020): their sum is the fee balance.
  const rows = await queryRows<{ account: 'fees' | 'external'; currency: string; available: string }>(
    ctx.db,
    sql`SELECT CASE WHEN account = 'external' THEN 'external' ELSE 'fees' END AS account, currency,
               SUM(available)::text AS available
        FROM balances WHERE account = 'external' OR ${sql.raw(FEE_ACCOUNT_SQL('account'))}
        GROUP BY 1, currency`,
  );
  const out: SystemBalances = { fees: {}, external: {} };
  for (const r of rows) out[r.account][r.currency] = BigInt(r.available);
  return out;
}

const uuids = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Every user balance, the system accounts' movement since `before`, every order's status and
 * remainder and every trade's status must be what the model says. `ids[i]` is model user i.
 */
export async function expectModel(
  ctx: AppContext,
  model: Model,
  ids: string[],
  before: SystemBalances,
  withdrawals: ModelWithdrawal[] = [],
) {
  const accounts = ids.map((id) => sql`${userAccount(id)}`);
  const rows = await queryRows<{ account: string; currency: string; available: string; locked: string }>(
    ctx.db,
    sql`SELECT account, currency, available::text, locked::text FROM balances
        WHERE account IN (${sql.join(accounts, sql`, `)})`,
  );
  const actual = new Map(rows.map((r) => [`${r.account}|${r.currency}`, r]));
  for (const [u, cur, a] of model.entries()) {
    const row = actual.get(`${userAccount(ids[u] as string)}|${cur}`);
    const got = { available: BigInt(row?.available ?? 0), locked: BigInt(row?.locked ?? 0) };
    expect(got, `user ${u} ${cur}`).toEqual({ available: a.available, locked: a.locked });
    // What came in, minus what went out, minus the fees paid on what was bought or sent.
    expect(a.available + a.locked, `user ${u} ${cur} flows`).toBe(
      a.credits - a.debits - a.sold + a.bought - a.fees - a.withdrawn + a.transferredIn - a.transferredOut,
    );
  }
  const after = await systemBalances(ctx);
  for (const cur of ['BTC', 'ETH'] as const) {
    const delta = (k: 'fees' | 'external') => (after[k][cur] ?? 0n) - (before[k][cur] ?? 0n);
    expect(delta('fees'), `fees ${cur}`).toBe(model.fees[cur]);
    expect(delta('external'), `external ${cur}`).toBe(model.external[cur]);
  }
  await expectRows(ctx, model);
  if (withdrawals.length === 0) return;
  const withdrawalRows = await queryRows<{ id: string; status: string; fee: string }>(
    ctx.db,
    sql`SELECT id, status, fee::text AS fee FROM withdrawals WHERE id IN (${uuids(withdrawals.map((w) => w.id))})`,
  );
  const byId = new Map(withdrawalRows.map((r) => [r.id, r]));
  for (const w of withdrawals) {
    const row = byId.get(w.id);
    expect({ status: row?.status, fee: BigInt(row?.fee ?? -1) }, `withdrawal ${w.id}`).toEqual({
      status: w.status,
      fee: w.fee,
    });
  }
}

async function expectRows(ctx: AppContext, { orders, trades }: Model) {
  if (orders.length === 0) return;
  const orderRows = await queryRows<{ id: string; status: string; available: string }>(
    ctx.db,
    sql`SELECT id, status, available_amount::text AS available FROM orders WHERE id IN (${uuids(orders.map((o) => o.id))})`,
  );
  const byId = new Map(orderRows.map((r) => [r.id, r]));
  for (const o of orders) {
    const row = byId.get(o.id);
    expect({ status: row?.status, available: BigInt(row?.available ?? -1) }, `order ${o.id}`).toEqual({
      status: o.status,
      available: o.available,
    });
  }
  if (trades.length === 0) return;
  const tradeRows = await queryRows<{ id: string; status: string }>(
    ctx.db,
    sql`SELECT id, status FROM trades WHERE id IN (${uuids(trades.map((x) => x.id))})`,
  );
  const statusOf = new Map(tradeRows.map((r) => [r.id, r.status]));
  for (const x of trades) expect(statusOf.get(x.id), `trade ${x.id}`).toBe(x.status);
}
