import type { OrderView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditReputationCounters } from '../../src/modules/users/reputation-counters.ts';
import { createUser, expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, completedTrade, fundedSellOrder } from '../trades/support.ts';

/**
 * What others are shown counts like the limits (docs/decisions/035): a profile's and a book
 * card's completed trades are counted trades (distinct counterparties once a calendar month,
 * each worth at least 1 000 ₽, once the first trade is 72 hours old), and the rating takes one
 * review of an author a month, for trades that count. Two accounts of one person trading five
 * times with each other show one trade, and their five-star reviews weigh once.
 */

let t: TestApp;
let http: Api;
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  expect(await auditReputationCounters(t.ctx.db)).toEqual([]);
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function profileOf(userId: string) {
  const res = await http.get(`/users/${userId}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { user: Record<string, unknown>; reviews: unknown[] };
}

async function cardOf(orderId: string) {
  // The book is cached for a moment: the clock moves on between reads.
  t.clock.advance(60_000);
  const res = await http.get('/orders?type=sell&cryptocurrency=BTC&limit=100', null);
  const card = (res.json().data.orders as OrderView[]).find((o) => o.id === orderId);
  if (!card) throw new Error('order not in the book');
  return card.user;
}

describe('trades and reviews shown to others', () => {
  it('five trades of one pair show 0 before 72 hours, then 1, on the profile and in the book', async () => {
    const farmer = await createUser(t.ctx);
    const order = await fundedSellOrder(t, '500');
    for (let i = 0; i < 5; i++) await completedTrade(http, farmer.id, order, '5000');

    expect((await profileOf(order.sellerId)).user).toMatchObject({ total_trades: 0, completed_trades: 0 });
    expect(await cardOf(order.orderId)).toMatchObject({ trades_count: 0, trades_30d: 0 });

    t.clock.advance(72 * HOUR);
    expect((await profileOf(order.sellerId)).user).toMatchObject({
      total_trades: 1,
      completed_trades: 1,
      trades_30d: 1,
      completion_rate: 100,
    });
    expect((await profileOf(farmer.id)).user).toMatchObject({ total_trades: 1, completed_trades: 1 });
    expect(await cardOf(order.orderId)).toMatchObject({ trades_count: 1, trades_30d: 1 });
    // The signed-in user's own view reads the same count.
    const me = await http.get('/users/me', order.sellerId);
    expect(me.json().data).toMatchObject({ trades_count: 1 });
  });

  it('trades below 1 000 ₽ never count; another counterparty does', async () => {
    const order = await fundedSellOrder(t, '500');
    const small = await createUser(t.ctx);
    for (let i = 0; i < 3; i++) await completedTrade(http, small.id, order, '999');
    t.clock.advance(73 * HOUR);
    expect((await profileOf(order.sellerId)).user).toMatchObject({ completed_trades: 0 });
    expect(await cardOf(order.orderId)).toMatchObject({ trades_count: 0 });
    const other = await createUser(t.ctx);
    await completedTrade(http, other.id, order, '1000');
    expect((await profileOf(order.sellerId)).user).toMatchObject({ completed_trades: 1 });
    expect(await cardOf(order.orderId)).toMatchObject({ trades_count: 1 });
  });

  it('reviews of one pair weigh once a month, and a small trade’s review not at all', async () => {
    const order = await fundedSellOrder(t, '500');
    const friend = await createUser(t.ctx);
    const honest = await createUser(t.ctx);
    const tiny = await createUser(t.ctx);
    const friendly: string[] = [];
    for (let i = 0; i < 4; i++) friendly.push(await completedTrade(http, friend.id, order, '5000'));
    const fair = await completedTrade(http, honest.id, order, '5000');
    const small = await completedTrade(http, tiny.id, order, '600');
    for (const tradeId of friendly) {
      const res = await http.post(`/trades/${tradeId}/review`, friend.id, { rating: 5, comment: 'Супер' });
      expect(res.statusCode, res.body).toBe(200);
    }
    await http.post(`/trades/${fair}/review`, honest.id, { rating: 1, comment: 'Долго отпускал' });
    await http.post(`/trades/${small}/review`, tiny.id, { rating: 5, comment: 'Ок' });
    t.clock.advance(73 * HOUR);

    const { user, reviews } = await profileOf(order.sellerId);
    // (5 + 1) / 2, not (5·4 + 1 + 5) / 6 = 4.33: the friend's four and the 600 ₽ review weigh once and not at all.
    expect(user).toMatchObject({ rating: 3, reviews_count: 2, completed_trades: 2 });
    // Every review is still listed.
    expect(reviews).toHaveLength(6);
    expect((await cardOf(order.orderId)).rating).toBe(3);
  });
});
