import type { OrderView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradesService } from '../../src/modules/trades/trades.service.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api, payloadOf } from '../trades/support.ts';

/** The merchant figures of the cards and profiles, from real trades (docs/decisions/028). */

let t: TestApp;
let http: Api;
let trades: TradesService;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
  trades = servicesOf(t.ctx).trades;
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const DAY = 24 * 60 * 60_000;

/** One trade of `buyer` on `orderId`: paid after `payS` s, released `releaseS` s after "paid". */
async function completed(orderId: string, sellerId: string, buyerId: string, payS: number, releaseS: number) {
  const tradeId = await openTrade(t.ctx, buyerId, orderId);
  t.clock.advance(payS * 1000);
  await trades.act(buyerId, tradeId, 'mark_paid', PAID);
  t.clock.advance(releaseS * 1000);
  await trades.act(sellerId, tradeId, 'confirm_payment', await payloadOf(t.ctx, 'confirm_payment', sellerId));
  await trades.act(sellerId, tradeId, 'release_crypto', {});
}

async function card(orderId: string) {
  const res = await http.get('/orders?type=sell&limit=100', null);
  return (res.json().data.orders as OrderView[]).find((o) => o.id === orderId);
}

describe('merchant figures', () => {
  it('count trades of the last 30 days and average payment and release times', async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.5' });
    await completed(orderId, seller.id, buyer.id, 60, 100);
    t.clock.advance(10 * DAY);
    await completed(orderId, seller.id, buyer.id, 120, 200);

    // One pair in one month counts once (docs/decisions/035): the two trades show as one.
    expect((await card(orderId))?.user).toMatchObject({
      trades_30d: 1,
      trades_count: 1,
      completion_rate: 100,
      avg_release_time: 150,
      // The seller never paid as a buyer.
      avg_payment_time: null,
    });
    const profile = (await http.get(`/users/${buyer.id}`, null)).json().data.user;
    expect(profile).toMatchObject({ trades_30d: 1, completed_trades: 1, avg_payment_time: 90 });

    // 25 days on, the first trade (35 days old) has left the window, the pair's month has not
    // (its last trade is 25 days old); the averages stay.
    t.clock.advance(25 * DAY);
    const later = (await http.get(`/users/${buyer.id}`, null)).json().data.user;
    expect(later).toMatchObject({ trades_30d: 1, completed_trades: 1, avg_payment_time: 90 });
    const { id: fresh } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.1' });
    expect((await card(fresh))?.user).toMatchObject({
      trades_30d: 1,
      trades_count: 1,
      avg_release_time: 150,
    });
    t.clock.advance(6 * DAY);
    expect((await http.get(`/users/${buyer.id}`, null)).json().data.user.trades_30d).toBe(0);
  });

  it('are withheld on the profile when the owner hides statistics', async () => {
    const user = await createUser(t.ctx);
    await http.put('/users/settings', user.id, { privacy: { showStats: false } });
    const profile = (await http.get(`/users/${user.id}`, null)).json().data.user;
    expect(profile).toMatchObject({ trades_30d: null, avg_payment_time: null });
  });
});
