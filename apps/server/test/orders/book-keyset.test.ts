import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBookCursor } from '../../src/modules/orders/book-cursor.ts';
import { createOrder, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api } from '../trades/support.ts';

// GET /api/v1/orders?after=<nextCursor>: keyset pages of the book (docs/decisions/022). The
// fixture has many ties (same price, same millisecond), where an order without its id as the
// last key would have no fixed place and a page boundary could repeat or lose an order.

let t: TestApp;
let http: Api;
const names = new Map<string, string>();
let seller: string;

async function place(name: string, type: 'buy' | 'sell', price: string) {
  const owner = type === 'sell' ? seller : (await createUser(t.ctx)).id;
  const { id } = await createOrder(t.ctx, owner, {
    type,
    amount_crypto: '0.1',
    price_per_unit: price,
    min_amount: '1000',
  });
  names.set(id, name);
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  seller = (await createUser(t.ctx)).id;
  await fund(t.ctx, seller, 'BTC', '10');
  // 13 sell and 11 buy orders over four prices; the clock advances only every fourth order,
  // so most share their creation time with others.
  const prices = ['5000000', '5100000', '4900000', '5000000'];
  for (let i = 0; i < 13; i++) {
    await place(`s${i}`, 'sell', prices[i % 4] as string);
    if (i % 4 === 3) t.clock.advance(1000);
  }
  for (let i = 0; i < 11; i++) {
    await place(`b${i}`, 'buy', prices[i % 4] as string);
    if (i % 4 === 3) t.clock.advance(1000);
  }
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

interface Page {
  names: string[];
  total: number;
  offset: number;
  hasNext: boolean;
  nextCursor: string | null;
}

async function page(query: string, lang = 'ru') {
  const res = await http.get(`/orders${query}`, null);
  return { res, lang };
}

async function ok(query: string): Promise<Page> {
  const { res } = await page(query);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  return { ...data, names: (data.orders as { id: string }[]).map((o) => names.get(o.id) ?? o.id) };
}

/** Every page of `query` by following nextCursor, `limit` at a time. */
async function walk(query: string, limit: number): Promise<Page[]> {
  const pages = [await ok(`${query}&limit=${limit}`)];
  for (let last = pages[0]; last?.nextCursor; last = pages.at(-1)) {
    pages.push(await ok(`${query}&limit=${limit}&after=${last.nextCursor}`));
    expect(pages.length).toBeLessThan(50);
  }
  return pages;
}

describe('keyset pages', () => {
  it.each([
    ['?type=sell&cryptocurrency=BTC', 13],
    ['?type=buy&cryptocurrency=BTC&fiat_currency=RUB', 11],
    ['?cryptocurrency=BTC', 24],
  ])('%s: following nextCursor gives the whole book once, in its order', async (query, count) => {
    const whole = await ok(`${query}&limit=100`);
    expect(whole.names).toHaveLength(count);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 3, 4]) {
      const pages = await walk(query, limit);
      expect(pages.flatMap((p) => p.names)).toEqual(whole.names);
      expect(pages.map((p) => p.offset)).toEqual(pages.map((_, i) => i * limit));
      expect(pages.every((p) => p.total === count)).toBe(true);
      expect(pages.map((p) => p.hasNext)).toEqual(pages.map((_, i) => i < pages.length - 1));
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
  });

  it('orders ties by time, then id, and the book agrees with offset pages', async () => {
    const q = '?type=sell&cryptocurrency=BTC';
    const whole = await ok(`${q}&limit=100`);
    const byOffset: string[] = [];
    for (let offset = 0; offset < 13; offset += 5)
      byOffset.push(...(await ok(`${q}&limit=5&offset=${offset}`)).names);
    expect(byOffset).toEqual(whole.names);
    // Cheapest first: 4 900 000 (s2, s6, s10), then 5 000 000 ...
    expect(whole.names.slice(0, 3)).toEqual(['s2', 's6', 's10']);
  });

  it('orders apart by microseconds keep their places across a page boundary', async () => {
    const a = await place('microA', 'sell', '4000000');
    const b = await place('microB', 'sell', '4000000');
    await t.ctx.db.execute(sql`UPDATE orders SET created_at = CASE id
        WHEN ${a}::uuid THEN '2026-01-01 00:00:00.000002+00'::timestamptz
        ELSE '2026-01-01 00:00:00.000001+00'::timestamptz END
      WHERE id IN (${a}::uuid, ${b}::uuid)`);
    t.ctx.bookCache.invalidate();
    const q = '?type=sell&cryptocurrency=BTC';
    const first = await ok(`${q}&limit=1`);
    expect(first.names).toEqual(['microB']);
    const second = await ok(`${q}&limit=1&after=${first.nextCursor}`);
    expect(second.names).toEqual(['microA']);
    const third = await ok(`${q}&limit=1&after=${second.nextCursor}`);
    expect(third.names).toEqual(['s2']);
    for (const id of [a, b]) await servicesOf(t.ctx).orders.cancel(seller, id);
  });

  it('a new better offer does not push the next page back: nothing is shown twice', async () => {
    const q = '?type=sell&cryptocurrency=BTC';
    const first = await ok(`${q}&limit=4`);
    const cheap = await place('newCheapest', 'sell', '3000000');
    const next = await ok(`${q}&limit=4&after=${first.nextCursor}`);
    expect(next.names.filter((n) => first.names.includes(n))).toEqual([]);
    // Offset paging would have shown the fourth order again.
    const byOffset = await ok(`${q}&limit=4&offset=4`);
    expect(byOffset.names[0]).toBe(first.names[3]);
    await servicesOf(t.ctx).orders.cancel(seller, cheap);
  });

  it('an order gone from the first page does not make the next one skip an order', async () => {
    const q = '?type=sell&cryptocurrency=BTC';
    const whole = (await ok(`${q}&limit=100`)).names;
    const first = await ok(`${q}&limit=4`);
    const goneName = first.names[1] as string;
    const gone = [...names].find(([, n]) => n === goneName)?.[0] as string;
    await servicesOf(t.ctx).orders.setStatus(seller, gone, 'paused');
    const next = await ok(`${q}&limit=4&after=${first.nextCursor}`);
    expect(next.names).toEqual(whole.slice(4, 8));
    await servicesOf(t.ctx).orders.setStatus(seller, gone, 'active');
  });
});

describe('cursors the book refuses', () => {
  const valid = () =>
    encodeBookCursor({
      side: 'sell',
      price: '5000000',
      createdUs: '1790000000000000',
      id: '63741c28-24d1-4c23-abea-be5ea68854f9',
      offset: 4,
    });
  const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('accepts a well-formed cursor of its side', async () => {
    const res = await ok(`?type=sell&cryptocurrency=BTC&after=${valid()}`);
    expect(res.offset).toBe(4);
  });

  it.each([
    ['not base64 JSON', '%%%'],
    ['a JSON object', raw({ price: '1' })],
    ['a short array', raw(['sell', '1', '1', '63741c28-24d1-4c23-abea-be5ea68854f9'])],
    ['an unknown side', raw(['both', '1', '1', '63741c28-24d1-4c23-abea-be5ea68854f9', 0])],
    [
      'a price past bigint',
      raw(['sell', '9999999999999999999', '1', '63741c28-24d1-4c23-abea-be5ea68854f9', 0]),
    ],
    ['a decimal price', raw(['sell', '1.5', '1', '63741c28-24d1-4c23-abea-be5ea68854f9', 0])],
    ['a time as a date string', raw(['sell', '1', '2026-01-01', '63741c28-24d1-4c23-abea-be5ea68854f9', 0])],
    ['an id that is no uuid', raw(['sell', '1', '1', "x' OR 1=1 --", 0])],
    ['a negative offset', raw(['sell', '1', '1', '63741c28-24d1-4c23-abea-be5ea68854f9', -1])],
    ['a fractional offset', raw(['sell', '1', '1', '63741c28-24d1-4c23-abea-be5ea68854f9', 1.5])],
  ])('refuses %s with 400 and its message', async (_, cursor) => {
    const res = await http.get(`/orders?type=sell&after=${encodeURIComponent(cursor)}`, null);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'Ссылка на следующую страницу устарела или повреждена: откройте список сначала',
    });
  });

  it("refuses a sell page's cursor on the buy side, and on the unfiltered book", async () => {
    for (const q of ['?type=buy', '?cryptocurrency=BTC']) {
      const res = await http.get(`/orders${q}&after=${valid()}`, null);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it('refuses offset and after together, in the language asked for', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/orders?type=sell&offset=4&after=${valid()}`,
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: 'An offset and a page cursor cannot be given together',
    });
  });

  it('refuses an empty or oversized cursor, or one with control characters, the same way', async () => {
    for (const cursor of ['', 'a'.repeat(201), '%0A%0D']) {
      const res = await http.get(`/orders?type=sell&after=${cursor}`, null);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        error: 'Ссылка на следующую страницу устарела или повреждена: откройте список сначала',
      });
    }
  });
});
