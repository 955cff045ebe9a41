import { feeFor } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { balance, createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';
import { historiesOf, inBatches, otherInstance, report, settlementsOf, timed } from './support.ts';

/**
 * Race (e): several instances' schedulers share one database and tick at the same moment.
 * Each due item is claimed with FOR UPDATE SKIP LOCKED in its own transaction, so every
 * trade is expired (or auto-released) exactly once and every order expires exactly once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const DUE = 50;
const INSTANCES = 2;
const TRADE_BTC = 1_000_000n;
const MINUTE = 60_000;

/** `n` trades, each on its own seller's order, so the instances do not queue on one order. */
async function openTrades(n: number) {
  return inBatches(n, 10, async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '0.02');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.02' });
    return {
      sellerId: seller.id,
      buyerId: buyer.id,
      orderId,
      tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000'),
    };
  });
}

function instances() {
  return Array.from({ length: INSTANCES }, () => schedulerOf(otherInstance(t.ctx, t.clock.now()).ctx));
}

describe('race (e): schedulers of two instances over the same due work', () => {
  it('50 unpaid trades past their deadline: each expired once, one refund each', async () => {
    const unpaid = await openTrades(DUE);
    // Another 50 confirmed trades whose auto-release falls due in the same tick.
    const confirmed = await openTrades(DUE);
    const trades = servicesOf(t.ctx).trades;
    await inBatches(confirmed.length, 10, async (i) => {
      const c = confirmed[i];
      if (!c) return;
      await trades.act(c.buyerId, c.tradeId, 'mark_paid', PAID);
      await trades.act(
        c.sellerId,
        c.tradeId,
        'confirm_payment',
        await payloadOf(t.ctx, 'confirm_payment', c.sellerId),
      );
    });
    t.clock.advance(30 * MINUTE);

    const { result: ticks, ms } = await timed(() => Promise.all(instances().map((s) => s.tick())));
    const expired = ticks.map((r) => r.expired);
    const released = ticks.map((r) => r.released);
    expect(expired.reduce((a, b) => a + b, 0)).toBe(DUE);
    expect(released.reduce((a, b) => a + b, 0)).toBe(DUE);

    const unpaidIds = unpaid.map((u) => u.tradeId);
    const settlements = await settlementsOf(t.ctx, unpaidIds);
    const histories = await historiesOf(t.ctx, unpaidIds);
    for (const u of unpaid) {
      expect(settlements.get(u.tradeId)).toEqual({ trade_refund: 1 });
      expect(histories.get(u.tradeId)).toEqual(['create', 'expire']);
      // Refunded into the live order's reserve: all of the seller's coin is locked again.
      expect(await balance(t.ctx, u.sellerId)).toEqual({ available: 0n, locked: 2n * TRADE_BTC });
    }
    const confirmedIds = confirmed.map((c) => c.tradeId);
    const releases = await settlementsOf(t.ctx, confirmedIds);
    const releaseHistories = await historiesOf(t.ctx, confirmedIds);
    const fee = feeFor(TRADE_BTC, t.ctx.config.feePpm);
    for (const c of confirmed) {
      expect(releases.get(c.tradeId)).toEqual({ trade_release: 1 });
      expect(releaseHistories.get(c.tradeId)).toEqual([
        'create',
        'mark_paid',
        'confirm_payment',
        'auto_release',
      ]);
      expect(await balance(t.ctx, c.buyerId)).toEqual({ available: TRADE_BTC - fee, locked: 0n });
    }
    await expectLedgerSound(t.ctx);
    report(
      t.ctx,
      `e1 ${INSTANCES} schedulers, ${DUE} expiries + ${DUE} auto-releases`,
      { expiredPerInstance: expired, releasedPerInstance: released },
      ms,
    );
  });

  it('live orders past their lifetime: each expires once, its reserve released once', async () => {
    const sellers = await inBatches(DUE, 10, async () => {
      const seller = await createUser(t.ctx);
      await fund(t.ctx, seller.id, 'BTC', '0.5');
      await createOrder(t.ctx, seller.id, { amount_crypto: '0.2' });
      return seller.id;
    });
    t.clock.advance(31 * 24 * 60 * MINUTE);

    const { result: ticks, ms } = await timed(() => Promise.all(instances().map((s) => s.tick())));
    const expired = ticks.map((r) => r.ordersExpired);
    // Orders of the first test expire too (their trades are settled): 2 x DUE of them.
    expect(expired.reduce((a, b) => a + b, 0)).toBe(DUE + 2 * DUE);
    const [dupes] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::text AS n FROM (SELECT ref_id FROM ledger_transactions
          WHERE kind = 'order_release' GROUP BY ref_id HAVING COUNT(*) > 1) d`,
    );
    expect(dupes?.n).toBe('0');
    for (const id of sellers)
      expect(await balance(t.ctx, id)).toEqual({ available: 50_000_000n, locked: 0n });
    await expectLedgerSound(t.ctx);
    report(t.ctx, `e2 ${INSTANCES} schedulers, order expiry`, { expiredPerInstance: expired }, ms);
  });
});
