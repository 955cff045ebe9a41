import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { rebuildReputationCounters } from '../../src/modules/users/reputation-counters.ts';
import { signInStaff } from '../admin/factories.ts';
import { createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, completedTrade, fundedSellOrder } from './support.ts';

/**
 * Limits that cannot be farmed (docs/decisions/035). Leaving the new-account caps (5 trades by
 * default) and an ad's `min_taker_trades` count completed trades with distinct counterparties
 * (one a counterparty a month), each worth at least 1 000 ₽, once the first is 72 hours old.
 * The attack: two accounts of one person trade five times with each other in two seconds.
 */

let t: TestApp;
let http: Api;
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function limitsOf(userId: string) {
  const res = await http.get('/users/me/limits', userId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { newAccount: boolean; completedTrades: number };
}

describe('farming the new-account limits', () => {
  it('two accounts trading five times with each other in two seconds stay new, 72 hours later too', async () => {
    const farmer = await createUser(t.ctx);
    const order = await fundedSellOrder(t);
    const started = performance.now();
    for (let i = 0; i < 5; i++) await completedTrade(http, farmer.id, order, '5000');
    const ms = performance.now() - started;
    console.log(
      `[counted-trades:${t.ctx.database.engine}] five completed trades of one pair in ${Math.round(ms)} ms`,
    );
    t.clock.advance(72 * HOUR + 1);
    expect(await limitsOf(farmer.id)).toMatchObject({ newAccount: true, completedTrades: 1 });
    expect(await limitsOf(order.sellerId)).toMatchObject({ newAccount: true, completedTrades: 1 });
    // The new-account cap still holds: 50 000 ₽ at most.
    const big = await http.post('/trades', farmer.id, {
      orderId: order.orderId,
      amountFiat: '60000',
      paymentMethod: 'sberbank',
    });
    expect(big.statusCode).toBe(403);
    expect(big.json()).toMatchObject({ code: 'LIMIT_REACHED', details: { limit: 'new_account_amount' } });
  });

  it('the pair is listed in the back office with its five trades this month', async () => {
    const moderator = await signInStaff(t, { role: 'moderator' });
    const res = await t.app.inject({
      url: '/api/v1/admin/limits/frequent-pairs?minTrades=3',
      headers: moderator.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { pairs } = res.json().data as {
      pairs: { a: { id: string }; b: { id: string }; trades: number }[];
    };
    expect(pairs).toHaveLength(1);
    expect(pairs[0]).toMatchObject({ trades: 5, qualified: true });
    // Distinct counterparties with one trade each are not listed.
    const unauthenticated = await t.app.inject({ url: '/api/v1/admin/limits/frequent-pairs' });
    expect(unauthenticated.statusCode).toBe(401);
  });

  it('distinct counterparties below 1 000 ₽ do not count', async () => {
    const buyer = await createUser(t.ctx);
    for (let i = 0; i < 5; i++)
      await completedTrade(http, buyer.id, await fundedSellOrder(t, '500'), '999.99');
    t.clock.advance(72 * HOUR + 1);
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: true, completedTrades: 0 });
  });

  it('distinct counterparties above the minimum graduate, once 72 hours have passed since the first', async () => {
    const buyer = await createUser(t.ctx);
    for (let i = 0; i < 5; i++) await completedTrade(http, buyer.id, await fundedSellOrder(t), '1000');
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: true, completedTrades: 0 });
    t.clock.advance(71 * HOUR);
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: true });
    t.clock.advance(HOUR + 1);
    expect(await limitsOf(buyer.id)).toMatchObject({ newAccount: false, completedTrades: 5 });
  });

  it('the pair rows rebuilt from history are the rows the completions wrote', async () => {
    const rows = () =>
      queryRows<Record<string, unknown>>(
        t.ctx.db,
        sql`SELECT user_id, counterparty_id, month::text, trades, qualified, first_at, last_at
            FROM trade_pair_months ORDER BY user_id, counterparty_id, month`,
      );
    const written = await rows();
    expect(written.length).toBeGreaterThan(0);
    await rebuildReputationCounters(t.ctx.db);
    expect(await rows()).toEqual(written);
  });
});
