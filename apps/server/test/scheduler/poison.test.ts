import { sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import { createOrder, createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { type Api, api, sellTradeIn } from '../trades/support.ts';

// One item whose transition throws must not stall the scheduler. The oldest due item is
// claimed first, so before per-item handling a single poisoned trade aborted every tick and
// every later expiry and auto-release waited forever.

let t: TestApp;
let http: Api;
let registry: Registry;
let logged: { obj: Record<string, unknown>; msg: string }[];
let scheduler: Scheduler;

const MINUTE = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  // A failing hook: any update of a listed trade or order raises, as a corrupt row would.
  for (const statement of [
    'CREATE TABLE test_poison (id uuid PRIMARY KEY)',
    `CREATE FUNCTION test_poison_check() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF EXISTS (SELECT 1 FROM test_poison WHERE id = NEW.id) THEN
         RAISE EXCEPTION 'poisoned row %', NEW.id;
       END IF;
       RETURN NEW;
     END $$`,
    'CREATE TRIGGER test_poison_trades BEFORE UPDATE ON trades FOR EACH ROW EXECUTE FUNCTION test_poison_check()',
    'CREATE TRIGGER test_poison_orders BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION test_poison_check()',
  ]) {
    await t.ctx.db.execute(sql.raw(statement));
  }
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});
beforeEach(() => {
  registry = new Registry();
  logged = [];
  scheduler = schedulerOf(t.ctx, {
    registry,
    log: { error: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }) },
  });
});

const poison = (id: string) => t.ctx.db.execute(sql`INSERT INTO test_poison (id) VALUES (${id})`);
const cure = () => t.ctx.db.execute(sql`DELETE FROM test_poison`);

async function failures(): Promise<Record<string, number>> {
  const metric = await registry.getSingleMetricAsString('scheduler_item_failures_total');
  return Object.fromEntries([...metric.matchAll(/job="(\w+)"} (\d+)/g)].map((m) => [m[1], Number(m[2])]));
}

async function statusOf(trade: { tradeId: string; buyerId: string }) {
  return (await http.trade(trade.tradeId, trade.buyerId)).trade;
}

describe('a poisoned item', () => {
  it('is rolled back, counted, logged and passed over; every other expiry and auto-release runs', async () => {
    // Oldest first: the poisoned trades are the first each job claims.
    const unpaidPoisoned = await sellTradeIn(t, 'ESCROW_LOCKED');
    const confirmedPoisoned = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
    t.clock.advance(MINUTE);
    const unpaid = [await sellTradeIn(t, 'ESCROW_LOCKED'), await sellTradeIn(t, 'ESCROW_LOCKED')];
    const confirmed = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
    await poison(unpaidPoisoned.tradeId);
    await poison(confirmedPoisoned.tradeId);
    const historyBefore = (await statusOf(unpaidPoisoned)).actions.length;

    t.clock.advance(40 * MINUTE);
    expect(await scheduler.tick()).toEqual({
      expired: 2,
      released: 1,
      ordersExpired: 0,
      reminded: 0,
      failed: 2,
    });
    for (const trade of unpaid) expect((await statusOf(trade)).status).toBe('CANCELLED');
    expect((await statusOf(confirmed)).status).toBe('COMPLETED');
    // The failed transactions left nothing behind.
    const stuck = await statusOf(unpaidPoisoned);
    expect(stuck.status).toBe('ESCROW_LOCKED');
    expect(stuck.actions).toHaveLength(historyBefore);
    expect((await statusOf(confirmedPoisoned)).status).toBe('PAYMENT_CONFIRMED');
    await expectLedgerSound(t.ctx);

    expect(await failures()).toEqual({ payment_expiry: 1, auto_release: 1 });
    expect(logged.map((l) => [l.obj.job, l.obj.itemId])).toEqual([
      ['payment_expiry', unpaidPoisoned.tradeId],
      ['auto_release', confirmedPoisoned.tradeId],
    ]);
    expect(logged[0]?.msg).toContain(unpaidPoisoned.tradeId);
    const cause = (logged[0]?.obj.err as { cause?: unknown } | undefined)?.cause;
    expect(String(cause)).toContain('poisoned row');

    // Each tick tries it again (once), and once the row is sound it goes through.
    expect(await scheduler.tick()).toEqual({
      expired: 0,
      released: 0,
      ordersExpired: 0,
      reminded: 0,
      failed: 2,
    });
    await cure();
    expect(await scheduler.tick()).toEqual({
      expired: 1,
      released: 1,
      ordersExpired: 0,
      reminded: 0,
      failed: 0,
    });
    expect((await statusOf(unpaidPoisoned)).status).toBe('CANCELLED');
    expect((await statusOf(confirmedPoisoned)).status).toBe('COMPLETED');
    expect(await failures()).toEqual({ payment_expiry: 2, auto_release: 2 });
  });

  it('does not stop order expiry either', async () => {
    const owner = await createUser(t.ctx);
    const { id: poisoned } = await createOrder(t.ctx, owner.id, { type: 'buy' });
    t.clock.advance(MINUTE);
    const { id: healthy } = await createOrder(t.ctx, owner.id, { type: 'buy' });
    await poison(poisoned);

    t.clock.advance(31 * 24 * 60 * MINUTE);
    const result = await scheduler.tick();
    expect(result.failed).toBe(1);
    const status = async (id: string) => (await http.get(`/orders/${id}`, null)).json().data.status;
    expect(await status(healthy)).toBe('expired');
    expect(await status(poisoned)).toBe('active');
    expect(await failures()).toEqual({ order_expiry: 1 });
    expect(logged.map((l) => l.obj.itemId)).toEqual([poisoned]);

    await cure();
    await scheduler.tick();
    expect(await status(poisoned)).toBe('expired');
  });
});
