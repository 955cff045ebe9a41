import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { auditLedger } from '../../src/ops/ledger-audit.ts';
import { createStaffMember } from '../admin/factories.ts';
import { TEST_TOTP_SECRET, uniqueName } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, type TestApp } from '../helpers.ts';
import { freshAddress } from '../withdrawals/support.ts';
import { sequence, USERS } from './operations.ts';
import { Runner } from './runner.ts';
import { expectModel, systemBalances } from './verify.ts';
import type { DepositAddresses } from './withdrawal-steps.ts';

/**
 * Property: whatever users do, in whatever order, the books stay sound. Each run draws a
 * sequence of 3-12 operations (./operations.ts) for three fresh users on one shared
 * database and applies it through the services (./runner.ts): credits and debits, deposits,
 * orders, trades and their actions, scheduler ticks, withdrawal requests (to outside
 * addresses, to another user's deposit address, to one's own), cancels and admin decisions. After every sequence the
 * ledger audit (the five invariants of docs/ARCHITECTURE.md) must be empty, and every balance, system
 * account, order and trade must match the model (./model.ts), which also decides which
 * operations must be refused.
 *
 * PROPERTY_RUNS overrides the run count and PROPERTY_SEED replays a failure. The default, 200
 * sequences, keeps this file near a minute of `npm test` (1 000 took 220-330 s, longer than
 * every other server file together on two cores); each run draws a new seed, so the runs add
 * up across CI. `npm run test:property` is the deep run (2 000 sequences) before a release
 * that touches the ledger.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const SEED = process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined;

let t: TestApp;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  staffId = (await createStaffMember(t, { role: 'admin' })).id;
});
afterAll(async () => {
  await t.close();
});

/** Three fresh users in one statement (a sequence never meets another's users). */
async function freshUsers(): Promise<string[]> {
  const values = Array.from({ length: USERS }, () => sql`(${uniqueName('p')}, 'Prop')`);
  const rows = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`INSERT INTO users (username, first_name) VALUES ${sql.join(values, sql`, `)} RETURNING id`,
  );
  // Every one of them may sell and withdraw: two-factor on (docs/decisions/023).
  const twoFactor = servicesOf(t.ctx).twoFactor;
  for (const { id } of rows) await twoFactor.enrolKnownSecret(t.ctx.db, id, TEST_TOTP_SECRET);
  return rows.map((r) => r.id);
}

let addressIndex = 0;
/** Each user's deposit addresses on Bitcoin and Ethereum, as the deposits module keeps them. */
async function depositAddresses(ids: string[]): Promise<DepositAddresses> {
  const out: DepositAddresses = ids.map(() => ({
    BTC: freshAddress('bitcoin'),
    ETH: freshAddress('ethereum'),
  }));
  const values = ids.flatMap((id, i) => {
    addressIndex += 1;
    const a = out[i] as DepositAddresses[number];
    return [
      sql`('bitcoin', ${id}, ${addressIndex}, ${a.BTC})`,
      sql`('ethereum', ${id}, ${addressIndex}, ${a.ETH})`,
    ];
  });
  await queryRows(
    t.ctx.db,
    sql`INSERT INTO deposit_addresses (chain, user_id, derivation_index, address) VALUES ${sql.join(values, sql`, `)}`,
  );
  return out;
}

describe('ledger property: random operation sequences keep the books sound', () => {
  it(`holds for ${RUNS} random sequences of 3-12 operations`, { timeout: 900_000 }, async () => {
    const stats: Record<string, number> = {};
    const started = performance.now();
    let sequences = 0;
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(sequence, async (ops) => {
        sequences++;
        operations += ops.length;
        const ids = await freshUsers();
        const addresses = await depositAddresses(ids);
        const runner = new Runner(t.ctx, t.clock, ids, stats, { addresses, staffId });
        const before = await systemBalances(t.ctx);
        for (const op of ops) await runner.apply(op);
        // Every sequence: all invariants, the reputation counters against history; the shown
        // figures against the per-user recomputation once, at the end (it is the slow query).
        expect(await auditLedger(t.ctx.db, { reputationFigures: false })).toEqual([]);
        await expectModel(t.ctx, runner.model, ids, before, runner.withdrawals.model.withdrawals);
        await runner.settleTimers(31);
      }),
      { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    expect(await auditLedger(t.ctx.db)).toEqual([]);
    expect(sequences).toBeGreaterThanOrEqual(RUNS);
    const ms = Math.round(performance.now() - started);
    const summary = Object.entries(stats)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    console.log(
      `[property:${t.ctx.database.engine}] ${sequences} sequences, ${operations} operations in ${ms} ms`,
    );
    console.log(`[property:${t.ctx.database.engine}] outcomes: ${summary}`);
  });
});
