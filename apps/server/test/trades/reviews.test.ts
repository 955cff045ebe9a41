import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  openTrade,
  PAID,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api, drive, payloadOf, sellTradeIn } from './support.ts';

// Reviews after a completed trade, and the reputation figures built from stored data
// (decision 006): public profile and order book must agree, and nothing is invented.

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const review = (tradeId: string, userId: string, body: unknown) =>
  http.post(`/trades/${tradeId}/review`, userId, body);

describe('POST /trades/{id}/review', () => {
  it('lets each party review the other once after completion', async () => {
    const trade = await sellTradeIn(t, 'COMPLETED');
    const byBuyer = await review(trade.tradeId, trade.buyerId, { rating: 5, comment: 'Быстро и честно' });
    expect(byBuyer.statusCode, byBuyer.body).toBe(200);
    expect(byBuyer.json().data.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await http.trade(trade.tradeId, trade.buyerId)).trade.reviewedByMe).toBe(true);
    expect((await http.trade(trade.tradeId, trade.sellerId)).trade.reviewedByMe).toBe(false);

    const again = await review(trade.tradeId, trade.buyerId, { rating: 1, comment: 'Передумал' });
    expect(again.statusCode).toBe(409);

    const bySeller = await review(trade.tradeId, trade.sellerId, { rating: 4 });
    expect(bySeller.statusCode, bySeller.body).toBe(200);
    expect((await review(trade.tradeId, trade.sellerId, { rating: 4 })).statusCode).toBe(409);

    // The second attempt did not overwrite the first: the seller is still rated 5.
    const profile = (await http.get(`/users/${trade.sellerId}`, null)).json().data;
    expect(profile.user).toMatchObject({ rating: 5, reviews_count: 1 });
    expect(profile.reviews).toHaveLength(1);
    expect(profile.reviews[0]).toMatchObject({ rating: 5, comment: 'Быстро и честно' });
    expect(profile.reviews[0].reviewer.id).toBe(trade.buyerId);
  });

  it('signs a review with the name the reviewer chose, not the first name', async () => {
    const trade = await sellTradeIn(t, 'COMPLETED');
    const named = await http.put('/users/profile', trade.buyerId, { displayName: 'Честный Покупатель' });
    expect(named.statusCode, named.body).toBe(200);
    expect((await review(trade.tradeId, trade.buyerId, { rating: 5 })).statusCode).toBe(200);
    const profile = (await http.get(`/users/${trade.sellerId}`, null)).json().data;
    expect(profile.reviews[0].reviewer).toMatchObject({
      id: trade.buyerId,
      effective_name: 'Честный Покупатель',
    });
    expect(profile.reviews[0].reviewer.first_name).not.toBe('Честный Покупатель');
  });

  it.each(['ESCROW_LOCKED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'DISPUTED', 'CANCELLED'] as const)(
    'is refused with 409 for a trade in %s',
    async (status) => {
      const trade = await sellTradeIn(t, status);
      for (const userId of [trade.buyerId, trade.sellerId]) {
        const res = await review(trade.tradeId, userId, { rating: 5, comment: '' });
        expect(res.statusCode).toBe(409);
      }
      expect((await http.get(`/users/${trade.sellerId}`, null)).json().data.user.reviews_count).toBe(0);
    },
  );

  it('is 404 for someone who is not a party', async () => {
    const trade = await sellTradeIn(t, 'COMPLETED');
    const stranger = await createUser(t.ctx);
    expect((await review(trade.tradeId, stranger.id, { rating: 1 })).statusCode).toBe(404);
    expect((await http.get(`/users/${trade.sellerId}`, null)).json().data.user.reviews_count).toBe(0);
  });

  it.each([
    ['0', { rating: 0 }],
    ['6', { rating: 6 }],
    ['2.5', { rating: 2.5 }],
    ['"5" as a string', { rating: '5' }],
    ['a missing rating', { comment: 'Без оценки' }],
    ['a comment over 1000 characters', { rating: 5, comment: 'я'.repeat(1001) }],
  ])('refuses %s with 400', async (_name, body) => {
    const trade = await sellTradeIn(t, 'COMPLETED');
    const res = await review(trade.tradeId, trade.buyerId, body);
    expect(res.statusCode).toBe(400);
    expect((await http.trade(trade.tradeId, trade.buyerId)).trade.reviewedByMe).toBe(false);
  });
});

describe('reputation from stored data', () => {
  let trader: string;
  let orderId: string;
  let lazyBuyer: string;

  beforeAll(async () => {
    // The trader sells 1 BTC; three trades complete (50 000, 50 000, 100 000 ₽), one the trader
    // cancels (their fault), one a buyer cancels (not the trader's fault).
    const scenario = await sellOrderScenario(t.ctx, '1');
    trader = scenario.seller.id;
    orderId = scenario.orderId;
    const buyers = [await createUser(t.ctx), await createUser(t.ctx), await createUser(t.ctx)];
    const ratings = [5, 4, 4];
    const releaseAfter = [60, 120, 180];
    const service = servicesOf(t.ctx).trades;
    for (const [i, fiat] of ['50000', '50000', '100000'].entries()) {
      const buyer = buyers[i]?.id as string;
      const tradeId = await openTrade(t.ctx, buyer, orderId, fiat);
      await service.act(buyer, tradeId, 'mark_paid', PAID);
      t.clock.advance((releaseAfter[i] as number) * 1000);
      await service.act(
        trader,
        tradeId,
        'confirm_payment',
        await payloadOf(t.ctx, 'confirm_payment', trader),
      );
      await service.act(trader, tradeId, 'release_crypto', {});
      expect((await review(tradeId, buyer, { rating: ratings[i], comment: `Отзыв ${i}` })).statusCode).toBe(
        200,
      );
    }
    const cancelledByTrader = await openTrade(t.ctx, buyers[0]?.id as string, orderId, '50000');
    await service.act(trader, cancelledByTrader, 'cancel_trade', {});
    const cancelledByBuyer = await openTrade(t.ctx, buyers[1]?.id as string, orderId, '50000');
    await service.act(buyers[1]?.id as string, cancelledByBuyer, 'cancel_trade', {});

    // A buyer who completes one trade and lets another expire unpaid.
    lazyBuyer = (await createUser(t.ctx)).id;
    const done = await openTrade(t.ctx, lazyBuyer, orderId, '50000');
    await drive(t, { tradeId: done, buyerId: lazyBuyer, sellerId: trader }, 'COMPLETED');
    await openTrade(t.ctx, lazyBuyer, orderId, '50000');
    t.clock.advance(31 * 60_000);
    await schedulerOf(t.ctx).tick();
    // Trades shown to others count once the first is 72 hours old (docs/decisions/035).
    t.clock.advance(72 * 3_600_000);
  });

  it('gives the public profile the average rating, completed trades, completion rate and volume', async () => {
    const res = await http.get(`/users/${trader}`, null);
    expect(res.statusCode).toBe(200);
    const { user, reviews } = res.json().data;
    expect(user).toMatchObject({
      rating: 4.33,
      reviews_count: 3,
      // three reviewed trades and the lazy buyer's completed one
      total_trades: 4,
      // 4 completed / (4 completed + 1 the trader cancelled); the buyer's cancel and the expiry are not the trader's
      completion_rate: 80,
      total_volume: '250000.00',
      // paid -> released after 60, 120, 180 s and 0 s
      avg_response_time: 90,
    });
    expect(reviews.map((r: { rating: number }) => r.rating).sort()).toEqual([4, 4, 5]);
  });

  it('blames a buyer for an expired payment window', async () => {
    const { user } = (await http.get(`/users/${lazyBuyer}`, null)).json().data;
    expect(user).toMatchObject({ rating: null, reviews_count: 0, total_trades: 1, completion_rate: 50 });
  });

  it('shows the same figures on the order book and on trades', async () => {
    const book = await http.get('/orders?type=sell&cryptocurrency=BTC&limit=100', null);
    const entry = (book.json().data.orders as { id: string; user: Record<string, unknown> }[]).find(
      (o) => o.id === orderId,
    );
    expect(entry?.user).toMatchObject({
      rating: 4.33,
      reviews_count: 3,
      trades_count: 4,
      completion_rate: 80,
    });
    const one = await http.get(`/orders/${orderId}`, null);
    expect(one.json().data.user).toMatchObject({ rating: 4.33, trades_count: 4 });

    const probe = await createUser(t.ctx);
    const tradeId = await openTrade(t.ctx, probe.id, orderId, '50000');
    const view = await http.trade(tradeId, probe.id);
    expect(view.trade.seller).toMatchObject({ rating: 4.33, tradesCount: 4, completionRate: 80 });
    expect(view.trade.counterparty).toMatchObject({ id: trader, rating: 4.33, tradesCount: 4 });
    expect(view.trade.buyer).toMatchObject({ rating: null, tradesCount: 0, completionRate: null });
  });

  it('invents nothing for a newcomer: rating null, zero trades, no completion rate', async () => {
    const newcomer = await createUser(t.ctx);
    await fund(t.ctx, newcomer.id, 'ETH', '1');
    const { id } = await createOrder(t.ctx, newcomer.id, {
      cryptocurrency: 'ETH',
      amount_crypto: '1',
      price_per_unit: '300000',
    });
    const profile = (await http.get(`/users/${newcomer.id}`, null)).json().data;
    expect(profile.user).toMatchObject({
      rating: null,
      reviews_count: 0,
      total_trades: 0,
      completion_rate: null,
      avg_response_time: null,
      total_volume: '0.00',
    });
    expect(profile.reviews).toEqual([]);
    const order = (await http.get(`/orders/${id}`, null)).json().data;
    expect(order.user).toMatchObject({
      rating: null,
      reviews_count: 0,
      trades_count: 0,
      completion_rate: null,
    });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await http.get('/users/00000000-0000-4000-8000-000000000000', null)).statusCode).toBe(404);
  });
});
