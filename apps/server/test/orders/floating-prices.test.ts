import { floatingPrice, formatFiat, parseAmount } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import { repriceFloating } from '../../src/modules/orders/orders.repository.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, type TestApp } from '../helpers.ts';
import { type PriceStub, STUB_BODY, startPriceStub } from '../market/price-stub.ts';
import { type Api, api } from '../trades/support.ts';

// Floating prices (docs/decisions/027): an order follows the market price of its pair with its
// margin and guard, repriced in one statement on every feed update, paused without a live feed.

const REFRESH_MS = 60_000;
/** Longer than the last good answer may stand in for a failing feed: three refresh intervals. */
const STALE_MS = 3 * REFRESH_MS + 1;

let stub: PriceStub;
let t: TestApp;
let http: Api;
let events: RealtimeEvent[];

/** The stub's answer with BTC at `rub` rubles (and the rest as STUB_BODY has it). */
function btcAt(rub: number, extra: Record<string, number | null> = {}) {
  return { ...STUB_BODY, bitcoin: { ...STUB_BODY.bitcoin, rub, ...extra } };
}

/** Lets the price cache expire and asks the feed again, as the poll does every refresh interval. */
async function feedUpdate(body?: unknown) {
  if (body !== undefined) stub.body = body;
  t.clock.advance(REFRESH_MS);
  await t.ctx.prices.poll();
}

async function order(id: string) {
  return (await http.get(`/orders/${id}`, null)).json().data;
}

const floating = (margin: string, extra: Record<string, unknown> = {}) => ({
  price_type: 'floating' as const,
  price_per_unit: undefined,
  margin_percent: margin,
  ...extra,
});

beforeAll(async () => {
  stub = await startPriceStub();
  t = await createTestApp({ ...LAX_TRADE_LIMITS, PRICE_API_URL: stub.url, PRICE_REFRESH_SECONDS: '60' });
  http = api(t);
  t.ctx.notifier.subscribe((e) => {
    events.push(e);
  });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t?.close();
  await stub?.close();
});
beforeEach(async () => {
  stub.reset();
  events = [];
  // A live answer to start from, whatever the previous test left.
  await feedUpdate(btcAt(6_000_000));
});

describe('publishing a floating order', () => {
  it('prices it at the market plus its margin and shows how', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { order: view } = await createOrder(t.ctx, seller.id, floating('1.5'));
    expect(view).toMatchObject({
      price_type: 'floating',
      margin_percent: '1.50',
      price_limit: null,
      market_paused: false,
      // 6 000 000 x 1.015
      price_per_unit: '6090000.00',
    });
  });

  it.each([
    ['a margin above 20 %', floating('20.01')],
    ['a margin below −20 %', floating('-20.5')],
    ['a margin with three decimals', floating('1.005')],
    ['a margin that is not a number', floating('abc')],
    ['no margin', floating('1', { margin_percent: undefined })],
    ['a bad guard', floating('1', { price_limit: '-5' })],
    ['a margin on a fixed price', { price_per_unit: '5000000', margin_percent: '1' }],
    ['a fixed order without a price', { price_per_unit: undefined }],
  ])('refuses %s with 400 and writes nothing', async (_name, patch) => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const body: Record<string, unknown> = {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.5',
      price_per_unit: '5000000',
      payment_methods: ['sberbank'],
    };
    Object.assign(body, patch);
    const res = await http.post('/orders', seller.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect((await http.get('/orders/my', seller.id)).json().data.orders).toHaveLength(0);
  });

  it('checks the amounts at the market price: a total below the minimum is refused', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    // 0.001 BTC x 6 000 000 ₽ = 6 000 ₽ at the market: a 6 001 ₽ minimum is above the total.
    const res = await http.post('/orders', seller.id, {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.001',
      payment_methods: ['sberbank'],
      min_amount: '6001',
      ...floating('0'),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(
      /^Минимальный лимит должен быть не менее 1\s000 ₽ и не больше общей суммы$/,
    );
  });
});

describe('repricing on a feed update', () => {
  it('follows the feed up and down, in the book too, and says so to the market', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id } = await createOrder(t.ctx, seller.id, floating('1.5'));
    // The book is read once, so that a stale cached page would show.
    await http.get('/orders?cryptocurrency=BTC&fiat_currency=RUB', null);

    await feedUpdate(btcAt(6_100_000));
    expect((await order(id)).price_per_unit).toBe('6191500.00');
    const book = (await http.get('/orders?cryptocurrency=BTC&fiat_currency=RUB', null)).json().data.orders;
    expect(book.find((o: { id: string }) => o.id === id).price_per_unit).toBe('6191500.00');
    expect(events.some((e) => e.room === 'market' && e.event === 'market:repriced')).toBe(true);

    await feedUpdate(btcAt(5_800_000.55));
    // floor(580 000 055 x 10 150 / 10 000) kopecks
    expect((await order(id)).price_per_unit).toBe('5887000.55');
  });

  it('holds a sell order at its guard and a buy order under its own', async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const sell = await createOrder(t.ctx, seller.id, floating('-2', { price_limit: '5900000' }));
    const buy = await createOrder(t.ctx, buyer.id, {
      type: 'buy',
      ...floating('2', { price_limit: '6000000' }),
    });
    // 6 000 000 x 0.98 = 5 880 000 < guard; 6 000 000 x 1.02 = 6 120 000 > guard
    expect(sell.order.price_per_unit).toBe('5900000.00');
    expect(buy.order.price_per_unit).toBe('6000000.00');

    await feedUpdate(btcAt(5_000_000));
    expect((await order(sell.id)).price_per_unit).toBe('5900000.00');
    expect((await order(buy.id)).price_per_unit).toBe('5100000.00');

    await feedUpdate(btcAt(7_000_000));
    expect((await order(sell.id)).price_per_unit).toBe('6860000.00');
    expect((await order(buy.id)).price_per_unit).toBe('6000000.00');
  });

  it('computes in SQL exactly what the shared floatingPrice computes', async () => {
    const owner = await createUser(t.ctx);
    await fund(t.ctx, owner.id, 'BTC', '10');
    const cases = [
      { type: 'sell' as const, margin: '-19.99', limit: null },
      { type: 'sell' as const, margin: '0.01', limit: '6543210.99' },
      { type: 'buy' as const, margin: '7.77', limit: '6400000.01' },
      { type: 'buy' as const, margin: '-0.33', limit: null },
      { type: 'sell' as const, margin: '20', limit: null },
    ];
    const ids: string[] = [];
    for (const c of cases) {
      const extra = c.limit === null ? {} : { price_limit: c.limit };
      ids.push((await createOrder(t.ctx, owner.id, { type: c.type, ...floating(c.margin, extra) })).id);
    }
    for (const rub of [6_123_456.78, 5_999_999.99, 6_666_666.67]) {
      await feedUpdate(btcAt(rub));
      for (const [i, c] of cases.entries()) {
        const bp = Math.round(Number(c.margin) * 100);
        const expected = floatingPrice(
          parseAmount(rub.toFixed(2), 2),
          bp,
          c.type,
          c.limit === null ? null : parseAmount(c.limit, 2),
        );
        expect((await order(ids[i] as string)).price_per_unit).toBe(formatFiat(expected));
      }
    }
  });

  it('writes only the orders whose price changes, and leaves fixed orders alone', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '2');
    const fixed = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
    await createOrder(t.ctx, seller.id, { amount_crypto: '1', ...floating('3') });
    const orders = servicesOf(t.ctx).orders;
    const current = await t.ctx.prices.current();
    expect(await orders.reprice(current)).toEqual({ repriced: 0, paused: 0 });
    await feedUpdate(btcAt(6_000_001));
    expect((await order(fixed.id)).price_per_unit).toBe('5000000.00');
  });

  it('prices the other fiats from their own feed figure', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    await feedUpdate(btcAt(6_000_000, { eur: 60_000, kzt: 30_000_000 }));
    const eur = await createOrder(t.ctx, seller.id, {
      amount_crypto: '0.5',
      fiat_currency: 'EUR',
      payment_methods: ['sepa'],
      min_amount: '10',
      time_limit: undefined,
      ...floating('1'),
    });
    expect(eur.order).toMatchObject({ price_per_unit: '60600.00', fiat_currency: 'EUR', time_limit: 120 });
    await feedUpdate(btcAt(6_000_000, { eur: 61_000, kzt: 30_000_000 }));
    expect((await order(eur.id)).price_per_unit).toBe('61610.00');
  });
});

describe('the book with fixed and floating orders (docs/decisions/046)', () => {
  /** The ids of `mine` in the order the whole book `query` shows them, read `limit` at a time. */
  async function bookOrder(query: string, mine: Map<string, string>, limit: number) {
    const shown: string[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const q = `/orders?${query}&limit=${limit}${after ? `&after=${after}` : ''}`;
      const res = await http.get(q, null);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      for (const o of data.orders as { id: string }[])
        if (mine.has(o.id)) shown.push(mine.get(o.id) as string);
      after = data.nextCursor;
      if (!after) return shown;
    }
    throw new Error('the book did not end');
  }

  it('merges them by price on every page, and moves the floating ones among the fixed on a feed update', async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '3');
    const sells = new Map<string, string>();
    const buys = new Map<string, string>();
    const sell = async (name: string, extra: Record<string, unknown>) =>
      sells.set((await createOrder(t.ctx, seller.id, { amount_crypto: '0.5', ...extra })).id, name);
    const buy = async (name: string, extra: Record<string, unknown>) =>
      buys.set(
        (await createOrder(t.ctx, buyer.id, { type: 'buy', amount_crypto: '0.5', ...extra })).id,
        name,
      );
    await feedUpdate(btcAt(6_100_000));
    // At 6 100 000: fl-1 6 039 000, fx1 6 050 000, fx2 6 150 000, fl+1 6 161 000, fx3 6 250 000, fl+3 6 283 000.
    await sell('fx1', { price_per_unit: '6050000' });
    await sell('fl+1', floating('1'));
    await sell('fx2', { price_per_unit: '6150000' });
    await sell('fl-1', floating('-1'));
    await sell('fx3', { price_per_unit: '6250000' });
    await sell('fl+3', floating('3'));
    await buy('bfx', { price_per_unit: '6120000' });
    await buy('bfl', floating('0'));
    const sellQuery = 'type=sell&cryptocurrency=BTC&fiat_currency=RUB';
    const buyQuery = 'type=buy&cryptocurrency=BTC';
    for (const limit of [1, 2, 50])
      expect(await bookOrder(sellQuery, sells, limit)).toEqual(['fl-1', 'fx1', 'fx2', 'fl+1', 'fx3', 'fl+3']);
    // Buy offers best (highest) first: 6 120 000 over the market's 6 100 000.
    expect(await bookOrder(buyQuery, buys, 1)).toEqual(['bfx', 'bfl']);

    // At 6 000 000: fl-1 5 940 000, fx1, fl+1 6 060 000, fx2, fl+3 6 180 000, fx3.
    await feedUpdate(btcAt(6_000_000));
    for (const limit of [1, 3, 50])
      expect(await bookOrder(sellQuery, sells, limit)).toEqual(['fl-1', 'fx1', 'fl+1', 'fx2', 'fl+3', 'fx3']);
    await feedUpdate(btcAt(6_200_000));
    expect(await bookOrder(buyQuery, buys, 1)).toEqual(['bfl', 'bfx']);
    // Offset pages agree with the cursor's.
    const byOffset: string[] = [];
    for (let offset = 0; ; offset += 2) {
      const data = (await http.get(`/orders?${sellQuery}&limit=2&offset=${offset}`, null)).json().data;
      for (const o of data.orders as { id: string }[])
        if (sells.has(o.id)) byOffset.push(sells.get(o.id) as string);
      if (!data.hasNext) break;
    }
    expect(byOffset).toEqual(await bookOrder(sellQuery, sells, 50));
  });

  it('rewrites a repriced order in place: no index names the price, so every row is a heap-only update', async () => {
    // What lets PostgreSQL update a row without a new entry in any index (HOT): no index of the
    // table has the changed column as a key, in an expression or in its condition.
    const naming = await queryRows<{ name: string }>(
      t.ctx.db,
      sql`SELECT i.indexrelid::regclass::text AS name FROM pg_index i
          WHERE i.indrelid = 'orders'::regclass AND (
            EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = i.indrelid
                    AND a.attname = 'price_per_unit' AND a.attnum = ANY (i.indkey::int2[]))
            OR coalesce(pg_get_expr(i.indpred, i.indrelid), '') LIKE '%price_per_unit%'
            OR coalesce(pg_get_expr(i.indexprs, i.indrelid), '') LIKE '%price_per_unit%')`,
    );
    expect(naming).toEqual([]);

    // Three orders of a pair of their own (no other test here prices ETH in rubles), on pages
    // whose dead versions VACUUM has cleared: what a repricing meets in a steady state.
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'ETH', '30');
    for (const margin of ['-2', '0.5', '4'])
      await createOrder(t.ctx, seller.id, {
        cryptocurrency: 'ETH',
        amount_crypto: '10',
        ...floating(margin),
      });
    await queryRows(t.ctx.db, sql`VACUUM orders`);
    // One repricing in a transaction of its own, rolled back. The transaction's counts of row
    // updates are read before and after it (an embedded database may not have flushed earlier ones).
    const rollback = new Error('rollback');
    let counts: { updated: number; hot: number } | undefined;
    await t.ctx.db
      .transaction(async (tx) => {
        const read = async () =>
          (
            await queryRows<{ updated: number; hot: number }>(
              tx,
              sql`SELECT pg_stat_get_xact_tuples_updated('orders'::regclass)::int AS updated,
                         pg_stat_get_xact_tuples_hot_updated('orders'::regclass)::int AS hot`,
            )
          )[0] ?? { updated: 0, hot: 0 };
        const before = await read();
        const quote = { crypto: 'ETH', payIn: 'RUB', price: 34_567_890n };
        const repriced = await repriceFloating(tx, [quote], t.clock.now());
        const after = await read();
        counts = { updated: after.updated - before.updated, hot: after.hot - before.hot };
        expect(repriced).toBe(3);
        expect(counts.updated).toBe(repriced);
        throw rollback;
      })
      .catch((e) => {
        if (e !== rollback) throw e;
      });
    expect(counts?.hot).toBe(counts?.updated);
  });
});

describe('the other coins (docs/decisions/031-doge-sol-ada.md)', () => {
  it('reprices a floating DOGE order from the feed dogecoin figure, and pauses it without one', async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'DOGE', '2000');
    const dogeAt = (rub: number, usd: number) => ({ ...btcAt(6_000_000), dogecoin: { usd, rub } });
    await feedUpdate(dogeAt(14.5, 0.156));
    const rub = await createOrder(t.ctx, seller.id, {
      cryptocurrency: 'DOGE',
      amount_crypto: '1000',
      min_amount: '1000',
      max_amount: '14000',
      ...floating('1'),
    });
    // floor(1 450 x 10 100 / 10 000) kopecks
    expect(rub.order).toMatchObject({
      cryptocurrency: 'DOGE',
      price_per_unit: '14.64',
      market_paused: false,
    });
    await feedUpdate(dogeAt(15, 0.16));
    expect((await order(rub.id)).price_per_unit).toBe('15.15');
    // without a dogecoin figure the pair has no market price: the order is paused
    await feedUpdate(btcAt(6_000_000));
    expect(await order(rub.id)).toMatchObject({ market_paused: true });
  });
});

describe('without a live market price', () => {
  it('pauses floating orders, refuses trades with 409, and brings them back with the feed', async () => {
    const seller = await createUser(t.ctx);
    const buyer = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { id } = await createOrder(t.ctx, seller.id, floating('1.5'));

    stub.mode = 'error';
    // Two refresh intervals into the outage the last answer still prices it...
    t.clock.advance(2 * REFRESH_MS);
    await t.ctx.prices.poll();
    expect(await order(id)).toMatchObject({ market_paused: false, price_per_unit: '6090000.00' });
    // ...three intervals after it, not any more (the poll notices without any request).
    t.clock.advance(STALE_MS - 2 * REFRESH_MS);
    await t.ctx.prices.poll();
    expect(await order(id)).toMatchObject({ market_paused: true, status: 'active' });
    const refused = await http.post('/trades', buyer.id, {
      orderId: id,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Цена рынка недоступна');
    expect((await http.get('/trades', buyer.id)).json().data.total).toBe(0);
    expect((await order(id)).available_amount).toBe('1.00000000');

    stub.mode = 'ok';
    await feedUpdate(btcAt(6_200_000));
    expect(await order(id)).toMatchObject({ market_paused: false, price_per_unit: '6293000.00' });
    const opened = await http.post('/trades', buyer.id, {
      orderId: id,
      amountFiat: '62930',
      paymentMethod: 'sberbank',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const trade = opened.json().data.trade;
    expect(trade).toMatchObject({
      pricePerUnit: '6293000.00',
      marginPercent: '1.50',
      amountCrypto: '0.01000000',
    });

    // The trade keeps the price of its opening while the order moves on.
    await feedUpdate(btcAt(6_400_000));
    expect((await order(id)).price_per_unit).toBe('6496000.00');
    const later = (await http.get(`/trades/${trade.id}`, buyer.id)).json().data;
    expect(later.pricePerUnit ?? later.trade?.pricePerUnit).toBe('6293000.00');
  });

  it('publishes a floating order paused while the feed is down', async () => {
    stub.mode = 'error';
    t.clock.advance(STALE_MS);
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const { order: view } = await createOrder(t.ctx, seller.id, floating('0'));
    expect(view.market_paused).toBe(true);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::int AS n FROM orders
          WHERE user_id = ${seller.id} AND price_type = 'floating' AND status = 'active' AND NOT market_paused`,
    );
    expect(row?.n).toBe(0);
  });
});

describe('the currencies of payment', () => {
  it("gives an order its methods' default time to pay and refuses another currency's method", async () => {
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const kzt = await createOrder(t.ctx, seller.id, {
      amount_crypto: '0.1',
      fiat_currency: 'KZT',
      payment_methods: ['kaspi'],
      price_per_unit: '30000000',
      min_amount: '5000',
      time_limit: undefined,
    });
    expect(kzt.order).toMatchObject({ fiat_currency: 'KZT', time_limit: 15, payment_methods: ['kaspi'] });
    const res = await http.post('/orders', seller.id, {
      type: 'sell',
      cryptocurrency: 'BTC',
      amount_crypto: '0.1',
      price_per_unit: '60000',
      fiat_currency: 'EUR',
      payment_methods: ['sberbank'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Этот способ оплаты недоступен для EUR');
    const book = (await http.get('/orders?fiat_currency=KZT', null)).json().data.orders;
    expect(book.map((o: { id: string }) => o.id)).toContain(kzt.id);
  });
});
