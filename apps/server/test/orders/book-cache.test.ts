import { formatFiat, Ok, OrderList, OrderTrader, OrderView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { BOOK_CACHE_TTL_MS } from '../../src/modules/orders/book-cache.ts';
import { BOOK_COUNT_CAP } from '../../src/modules/orders/orders.repository.ts';
import { createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api, buyOrderScenario, payloadOf } from '../trades/support.ts';

// The book page is cached per filter (docs/decisions/019): any change on this instance must
// show on the next read. And its count stops at BOOK_COUNT_CAP without losing "is there more".

let t: TestApp;
let http: Api;

async function book(query: string): Promise<OrderList> {
  // Read once the cache has applied the changes it heard (a changed order's row is read again
  // while the page is served as it was, docs/decisions/044).
  await t.ctx.bookCache.idle();
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
    await servicesOf(t.ctx).trades.act(buyer, tradeId, 'cancel_trade', {});
    expect((await book(SELL_USDT)).orders[0]).toMatchObject({ id: top.id, available_amount: '500.00000000' });

    const trades = servicesOf(t.ctx).trades;
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

/** Statements the book's read sends while `read` runs: none when the cached page answers. */
async function readsDuring<R>(read: () => Promise<R>): Promise<{ value: R; reads: number }> {
  const select = vi.spyOn(t.ctx.db, 'select');
  try {
    const value = await read();
    return { value, reads: select.mock.calls.length };
  } finally {
    select.mockRestore();
  }
}

describe('trade steps the book does not show', () => {
  const SELL_BTC = 'type=sell&cryptocurrency=BTC';
  const BUY_BTC = 'type=buy&cryptocurrency=BTC';
  const trades = () => servicesOf(t.ctx).trades;

  it("keeps the page of a sell order when its buyer pays, and reads it again for the seller's step", async () => {
    const seller = (await createUser(t.ctx)).id;
    const buyer = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller, { amount_crypto: '1' });
    const tradeId = await openTrade(t.ctx, buyer, orderId, '50000');
    // The trade took its part: shown on the very next read.
    const opened = (await book(SELL_BTC)).orders.find((o) => o.id === orderId);
    expect(opened).toMatchObject({ available_amount: '0.99000000', user: { avg_response_time: null } });
    // "Paid" moves only the buyer's figures, and the buyer has no order here.
    await trades().act(buyer, tradeId, 'mark_paid', PAID);
    expect((await readsDuring(() => book(SELL_BTC))).reads).toBe(0);
    // Confirming moves the seller's response time, shown on their order: read again.
    t.clock.advance(60_000);
    const code = await payloadOf(t.ctx, 'confirm_payment', seller);
    await trades().act(seller, tradeId, 'confirm_payment', code);
    const confirmed = await readsDuring(() => book(SELL_BTC));
    expect(confirmed.reads).toBeGreaterThan(0);
    expect(confirmed.value.orders.find((o) => o.id === orderId)).toMatchObject({
      user: { avg_response_time: 60 },
    });
    // The release counts the completion on the order and its owner.
    await trades().act(seller, tradeId, 'release_crypto', {});
    expect((await book(SELL_BTC)).orders.find((o) => o.id === orderId)).toMatchObject({
      available_amount: '0.99000000',
      completed_trades: 1,
      // The owner's counted trades wait until the first is 72 hours old (docs/decisions/035).
      user: { trades_count: 0, completion_rate: null },
    });
  });

  it("keeps the page of a buy order when its seller confirms, and reads it again for the owner's payment", async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t);
    const tradeId = await openTrade(t.ctx, takerId, orderId, '5000');
    expect((await book(BUY_BTC)).orders.find((o) => o.id === orderId)).toMatchObject({
      available_amount: '0.09900000',
    });
    // The owner is the buyer here: their "paid" moves their payment time, shown on the order.
    t.clock.advance(30_000);
    await trades().act(ownerId, tradeId, 'mark_paid', PAID);
    const paid = await readsDuring(() => book(BUY_BTC));
    expect(paid.reads).toBeGreaterThan(0);
    expect(paid.value.orders.find((o) => o.id === orderId)).toMatchObject({
      user: { avg_payment_time: 30 },
    });
    // The taking seller's confirmation moves only the taker's figures.
    const code = await payloadOf(t.ctx, 'confirm_payment', takerId);
    await trades().act(takerId, tradeId, 'confirm_payment', code);
    expect((await readsDuring(() => book(BUY_BTC))).reads).toBe(0);
  });

  it('keeps pages of other filters when a trade takes part of an order, and shows what it took', async () => {
    const SELL_USDT = 'type=sell&cryptocurrency=USDT';
    const seller = (await createUser(t.ctx)).id;
    const buyer = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller, { amount_crypto: '1' });
    const cachedAt = performance.now();
    await book(SELL_USDT);
    expect((await book(SELL_BTC)).orders.find((o) => o.id === orderId)?.available_amount).toBe('1.00000000');
    await openTrade(t.ctx, buyer, orderId, '50000');
    await t.ctx.bookCache.idle();
    // A BTC order cannot be on a USDT page, whatever its amount: that page stays.
    expect((await readsDuring(() => book(SELL_USDT))).reads).toBe(0);
    // The BTC page got the order's new row in place (docs/decisions/044): not read again.
    const btc = await readsDuring(() => book(SELL_BTC));
    if (performance.now() - cachedAt < BOOK_CACHE_TTL_MS) expect(btc.reads).toBe(0);
    expect(btc.value.orders.find((o) => o.id === orderId)?.available_amount).toBe('0.99000000');
    // The unfiltered book can show it too: read again.
    expect((await book('limit=100')).orders.find((o) => o.id === orderId)?.available_amount).toBe(
      '0.99000000',
    );
  });

  it('gives a cancelled trade back on the next read', async () => {
    const seller = (await createUser(t.ctx)).id;
    const buyer = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, seller, { amount_crypto: '1' });
    const tradeId = await openTrade(t.ctx, buyer, orderId, '50000');
    expect((await book(SELL_BTC)).orders.find((o) => o.id === orderId)?.available_amount).toBe('0.99000000');
    await trades().act(buyer, tradeId, 'cancel_trade', {});
    const after = (await book(SELL_BTC)).orders.find((o) => o.id === orderId);
    expect(after).toMatchObject({ available_amount: '1.00000000', user: { completion_rate: null } });
  });
});

// A trade changes its order's row in the cached pages, not the book (docs/decisions/044).
describe("a change to one order changes that order's row", () => {
  const SELL_ETH = 'type=sell&cryptocurrency=ETH';
  const trades = () => servicesOf(t.ctx).trades;

  async function twoOrders() {
    const cheap = (await createUser(t.ctx)).id;
    const dear = (await createUser(t.ctx)).id;
    const buyer = (await createUser(t.ctx)).id;
    await fund(t.ctx, cheap, 'ETH', '1');
    await fund(t.ctx, dear, 'ETH', '1');
    // 0.1 ETH each, 30 000 ₽: within a new account's trade size (docs/decisions/023).
    const eth = { cryptocurrency: 'ETH' as const, amount_crypto: '0.1' };
    const a = await createOrder(t.ctx, cheap, { ...eth, price_per_unit: '300000' });
    const b = await createOrder(t.ctx, dear, { ...eth, price_per_unit: '300001' });
    return { cheap, dear, buyer, a: a.id, b: b.id };
  }

  it('shows a traded order with its new amount once its row is read, the page not read again', async () => {
    const { buyer, a, b } = await twoOrders();
    const before = await book(SELL_ETH);
    expect(before.orders.map((o) => o.id)).toEqual([a, b]);
    const tradeId = await openTrade(t.ctx, buyer, b, '3000.01');
    const next = await book(SELL_ETH);
    expect(next.orders.map((o) => [o.id, o.available_amount])).toEqual([
      [a, '0.10000000'],
      [b, '0.09000000'],
    ]);
    expect(next.total).toBe(before.total);
    // The page itself was patched: after the row's read, serving it again sends nothing (unless
    // the page's TTL ran out meanwhile, on a slow machine).
    await t.ctx.bookCache.idle();
    const cachedAt = performance.now();
    await book(SELL_ETH);
    await trades().act(buyer, tradeId, 'cancel_trade', {});
    await t.ctx.bookCache.idle();
    const back = await readsDuring(() => book(SELL_ETH));
    if (performance.now() - cachedAt < BOOK_CACHE_TTL_MS) expect(back.reads).toBe(0);
    expect(back.value.orders.find((o) => o.id === b)?.available_amount).toBe('0.10000000');
    // And the bytes served are those of the patched page, through the route's schema.
    const res = await http.get(`/orders?${SELL_ETH}`, null);
    expect(res.json().data).toEqual(back.value);
  });

  it('drops an order that leaves the book from the very next read, and counts it out', async () => {
    const { cheap, a, b } = await twoOrders();
    const before = await book(SELL_ETH);
    await servicesOf(t.ctx).orders.setStatus(cheap, a, 'paused');
    // The event says the order is paused: its filter's pages go at once, nothing waited for.
    const after = (await http.get(`/orders?${SELL_ETH}`, null)).json().data as OrderList;
    expect(after.orders.map((o) => o.id)).not.toContain(a);
    expect(after.orders.map((o) => o.id)).toContain(b);
    expect(after.total).toBe(before.total - 1);
    // A trade that takes all an order has leaves no remainder to show.
    const taker = (await createUser(t.ctx)).id;
    await openTrade(t.ctx, taker, b, '30000.10');
    expect((await book(SELL_ETH)).orders.map((o) => o.id)).not.toContain(b);
    await servicesOf(t.ctx).orders.setStatus(cheap, a, 'active');
    expect((await book(SELL_ETH)).orders.map((o) => o.id)).toContain(a);
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
