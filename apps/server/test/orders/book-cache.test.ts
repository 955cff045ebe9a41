import { formatFiat, Ok, OrderList, OrderTrader, OrderView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOOK_COUNT_CAP } from '../../src/modules/orders/orders.repository.ts';
import { TradesService } from '../../src/modules/trades/trades.service.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, payloadOf } from '../trades/support.ts';

// The book page is cached per filter (docs/decisions/019): any change on this instance must
// show on the next read. And its count stops at BOOK_COUNT_CAP without losing "is there more".

let t: TestApp;
let http: Api;

async function book(query: string): Promise<OrderList> {
  const res = await http.get(`/orders?${query}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as OrderList;
}

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('the cached book', () => {
  const SELL_USDT = 'type=sell&cryptocurrency=USDT';

  it('serves a repeated read from the cache', async () => {
    const seller = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'USDT', '1000');
    await createOrder(t.ctx, seller, { cryptocurrency: 'USDT', amount_crypto: '1000', price_per_unit: '95' });
    const first = await book(SELL_USDT);
    // Written past the services: nothing announces it, so the cached page still answers.
    await t.ctx.db.execute(sql`UPDATE orders SET description = 'changed behind its back'
                               WHERE cryptocurrency = 'USDT'`);
    expect(await book(SELL_USDT)).toEqual(first);
    // Time moves (the app's clock, which decides expiry): the page is read again.
    t.clock.advance(2000);
    expect((await book(SELL_USDT)).orders[0]?.description).toBe('changed behind its back');
  });

  it('answers a cached page with the same bytes, in the shape its schema declares', async () => {
    const first = await http.get(`/orders?${SELL_USDT}`, null);
    const again = await http.get(`/orders?${SELL_USDT}`, null);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.body).toBe(first.body);
    // The body was made through the route's schema: strict parsing finds no undeclared field.
    const strictOrder = OrderView.strict().extend({ user: OrderTrader.strict() });
    const strict = Ok(OrderList.strict().extend({ orders: z.array(strictOrder) })).strict();
    expect(strict.safeParse(first.json()).success).toBe(true);
  });

  it('shows a new order on the next read', async () => {
    const before = await book(SELL_USDT);
    const seller = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'USDT', '500');
    const { id } = await createOrder(t.ctx, seller, {
      cryptocurrency: 'USDT',
      amount_crypto: '500',
      price_per_unit: '90',
    });
    const after = await book(SELL_USDT);
    expect(after.total).toBe(before.total + 1);
    expect(after.orders[0]?.id).toBe(id);
  });

  it('shows what a trade took, what its cancel gave back, and a completion', async () => {
    const top = (await book(SELL_USDT)).orders[0];
    if (!top) throw new Error('empty book');
    const buyer = (await createUser(t.ctx)).id;
    const tradeId = await openTrade(t.ctx, buyer, top.id, '9000');
    expect((await book(SELL_USDT)).orders[0]).toMatchObject({ id: top.id, available_amount: '400.00000000' });
    await new TradesService(t.ctx).act(buyer, tradeId, 'cancel_trade', {});
    expect((await book(SELL_USDT)).orders[0]).toMatchObject({ id: top.id, available_amount: '500.00000000' });

    const trades = new TradesService(t.ctx);
    const done = await openTrade(t.ctx, buyer, top.id, '9000');
    await trades.act(buyer, done, 'mark_paid', PAID);
    await trades.act(
      top.user_id,
      done,
      'confirm_payment',
      await payloadOf(t.ctx, 'confirm_payment', top.user_id),
    );
    await trades.act(top.user_id, done, 'release_crypto', {});
    expect((await book(SELL_USDT)).orders[0]).toMatchObject({
      id: top.id,
      available_amount: '400.00000000',
      completed_trades: 1,
      // The owner's counted trades wait until the first is 72 hours old (docs/decisions/035).
      user: { trades_count: 0, completion_rate: null },
    });
  });
});

describe('the capped count', () => {
  const BUY_ETH = 'type=buy&cryptocurrency=ETH';
  const N = BOOK_COUNT_CAP + 5;

  beforeAll(async () => {
    // Buy orders lock nothing, so they can be written in bulk without touching the ledger.
    const owner = (await createUser(t.ctx)).id;
    await t.ctx.db.execute(sql`
      INSERT INTO orders (user_id, type, cryptocurrency, fiat_currency, amount_crypto, available_amount,
        price_per_unit, min_amount, max_amount, payment_methods, time_limit, status, expires_at)
      SELECT ${owner}, 'buy', 'ETH', 'RUB', 100000000, 100000000, 30000000 + g, 100000, 30000000,
             ARRAY['sberbank'], 30, 'active', now() + interval '30 days'
      FROM generate_series(1, ${N}) g`);
    t.ctx.bookCache.invalidate();
  });

  it('stops at the cap and says so', async () => {
    const page = await book(`${BUY_ETH}&limit=20`);
    expect(page).toMatchObject({ total: BOOK_COUNT_CAP, totalCapped: true, hasNext: true });
    // Best price for a seller first.
    expect(page.orders[0]?.price_per_unit).toBe(formatFiat(30_000_000n + BigInt(N)));
  });

  it('counts exactly near the end, and past it', async () => {
    const last = await book(`${BUY_ETH}&limit=20&offset=${BOOK_COUNT_CAP}`);
    expect(last).toMatchObject({ total: N, totalCapped: false, hasNext: false });
    expect(last.orders).toHaveLength(5);
    const beyond = await book(`${BUY_ETH}&limit=20&offset=${BOOK_COUNT_CAP * 2}`);
    expect(beyond).toMatchObject({ total: N, totalCapped: false, hasNext: false, orders: [] });
    const full = await book(`${BUY_ETH}&limit=5&offset=${BOOK_COUNT_CAP}`);
    expect(full).toMatchObject({ total: N, totalCapped: false, hasNext: false });
    const short = await book(`${BUY_ETH}&limit=4&offset=${BOOK_COUNT_CAP}`);
    expect(short).toMatchObject({ hasNext: true });
  });
});
