import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import {
  BookCache,
  type BookChange,
  batchBookChanges,
  type OrderKey,
  type RowSource,
  readBookChanges,
} from '../../src/modules/orders/book-cache.ts';

// Which cached book pages a change drops, and what the other instances are told
// (docs/decisions/019).

type Page = { page: { orders: (OrderKey & { user_id: string })[] } };

const order = (id: string, userId: string, over: Partial<OrderKey> = {}) => ({
  id,
  user_id: userId,
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'RUB',
  payment_methods: ['sberbank'],
  ...over,
});

function setup() {
  const cache = new BookCache<Page>(new ManualClock(new Date('2026-11-20T10:00:00Z')), 60_000);
  const told: BookChange[] = [];
  cache.onLocalChange((c) => told.push(c));
  const loads: string[] = [];
  const read = (query: Record<string, string | number | undefined>, orders: Page['page']['orders']) =>
    cache.get(query, async () => {
      loads.push(JSON.stringify(query));
      return { page: { orders } };
    });
  return { cache, told, loads, read };
}

const BTC = { type: 'sell', cryptocurrency: 'BTC', limit: 20, offset: 0 };
const USDT = { type: 'sell', cryptocurrency: 'USDT', limit: 20, offset: 0 };
const btcOrder = order('o1', 'u1');
const usdtOrder = order('o2', 'u2', { cryptocurrency: 'USDT' });

describe('the book cache', () => {
  it("drops the pages of an order's filters only, and tells the others its key", async () => {
    const { cache, told, loads, read } = setup();
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    cache.observe({ room: 'user:u1', event: 'order:updated', payload: { orderId: 'o1', status: 'active' } });
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    expect(loads).toEqual([JSON.stringify(BTC), JSON.stringify(USDT), JSON.stringify(BTC)]);
    expect(told).toEqual([
      {
        kind: 'orders',
        orders: [
          {
            id: 'o1',
            type: 'sell',
            cryptocurrency: 'BTC',
            fiat_currency: 'RUB',
            payment_methods: ['sberbank'],
          },
        ],
      },
    ]);
  });

  it('empties everything for an order it never saw', async () => {
    const { cache, told, loads, read } = setup();
    await read(USDT, [usdtOrder]);
    cache.observe({ room: 'user:u9', event: 'order:updated', payload: { orderId: 'o9', status: 'active' } });
    await read(USDT, [usdtOrder]);
    expect(loads).toHaveLength(2);
    expect(told).toEqual([{ kind: 'all' }]);
  });

  it("drops the pages showing a party's orders when a step moves their figures, none otherwise", async () => {
    const { cache, told, loads, read } = setup();
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    const step = (room: `user:${string}`, role: 'buyer' | 'seller', action: string) =>
      cache.observe({
        room,
        event: 'trade:updated',
        payload: { tradeId: 't', status: 'X', previousStatus: 'Y', action, actor: role },
        recipientRole: role,
      });
    step('user:u1', 'seller', 'mark_paid');
    step('user:u2', 'buyer', 'dispute_trade');
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    expect(loads).toHaveLength(2);
    step('user:u2', 'buyer', 'mark_paid');
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    expect(loads).toEqual([JSON.stringify(BTC), JSON.stringify(USDT), JSON.stringify(USDT)]);
    expect(told).toEqual([{ kind: 'owners', userIds: ['u2'] }]);
  });

  it('never keeps a page that was being read when a change came', async () => {
    const { cache, loads, read } = setup();
    await read(USDT, [usdtOrder]);
    const reading = read(BTC, [btcOrder]);
    cache.forgetOwners(['nobody-on-any-page']);
    await reading;
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    expect(loads).toEqual([JSON.stringify(USDT), JSON.stringify(BTC), JSON.stringify(BTC)]);
  });

  it('applies what another instance tells, and reads anything else as a clear', async () => {
    const { cache, told, loads, read } = setup();
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    for (const c of readBookChanges([{ kind: 'orders', orders: [usdtOrder] }])) cache.apply(c);
    await read(BTC, [btcOrder]);
    await read(USDT, [usdtOrder]);
    expect(loads).toHaveLength(3);
    expect(told).toEqual([]);
    expect(readBookChanges(undefined)).toEqual([{ kind: 'all' }]);
    expect(readBookChanges([{ kind: 'orders', orders: [{ id: 1 }] }])).toEqual([{ kind: 'all' }]);
  });

  it('sends one message per turn: a clear wins, else owners and orders together', async () => {
    const sent: BookChange[][] = [];
    const tell = batchBookChanges((c) => sent.push(c));
    tell({ kind: 'owners', userIds: ['u1'] });
    tell({ kind: 'owners', userIds: ['u1', 'u2'] });
    tell({ kind: 'orders', orders: [usdtOrder] });
    await new Promise((r) => setImmediate(r));
    tell({ kind: 'owners', userIds: ['u3'] });
    tell({ kind: 'all' });
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual([
      [
        { kind: 'owners', userIds: ['u1', 'u2'] },
        { kind: 'orders', orders: [usdtOrder] },
      ],
      [{ kind: 'all' }],
    ]);
  });
});

// With a row source, a changed order is read again once and patched into the pages that show
// it; a page is read again only when an order of its filter entered, left or moved in the book
// (docs/decisions/044).
describe('the book cache with a row source', () => {
  type Row = Page['page']['orders'][number] & { price_per_unit: string; available: string };
  type Book = { page: { orders: Row[] } };
  const row = (id: string, userId: string, available: string, over: Partial<Row> = {}): Row => ({
    ...order(id, userId),
    price_per_unit: '100',
    available,
    ...over,
  });

  function withRows() {
    const db = new Map<string, { row: Row; inBook: boolean }>();
    const reads: string[][] = [];
    const rows: RowSource<Book> = {
      read: async (ids) => {
        reads.push([...ids]);
        return new Map(
          ids.flatMap((id) => (db.has(id) ? [[id, db.get(id) as { row: Row; inBook: boolean }]] : [])),
        );
      },
      patch: (value, changed) => ({ page: { orders: value.page.orders.map((o) => changed.get(o.id) ?? o) } }),
    };
    const cache = new BookCache<Book>(new ManualClock(new Date('2026-11-20T10:00:00Z')), 60_000, rows);
    const told: BookChange[] = [];
    cache.onLocalChange((c) => told.push(c));
    const loads: string[] = [];
    const put = (r: Row, inBook = true) => db.set(r.id, { row: r, inBook });
    // A page "read from the database": the rows of `ids` as they are now.
    const read = (query: Record<string, string | number>, ids: string[]) =>
      cache.get(query, async () => {
        loads.push(JSON.stringify(query));
        return {
          page: { orders: ids.flatMap((id) => (db.get(id)?.inBook ? [db.get(id)?.row as Row] : [])) },
        };
      });
    const changed = (orderId: string) =>
      cache.observe({ room: 'user:u1', event: 'order:updated', payload: { orderId, status: 'active' } });
    return { cache, told, loads, reads, put, read, changed };
  }

  it("patches a traded order's new amount into its page once its row is read", async () => {
    const { cache, loads, reads, put, read, changed, told } = withRows();
    put(row('o1', 'u1', '1.0'));
    put(row('o3', 'u3', '5.0'));
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.available)).toEqual(['1.0', '5.0']);
    put(row('o1', 'u1', '0.9'));
    changed('o1');
    // Until the order's row is read, the page is served as it was; then with the new row.
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.available)).toEqual(['1.0', '5.0']);
    await cache.idle();
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.available)).toEqual(['0.9', '5.0']);
    expect(loads).toHaveLength(1);
    expect(reads).toEqual([['o1']]);
    expect(told).toEqual([{ kind: 'orders', orders: [order('o1', 'u1')].map(({ user_id, ...k }) => k) }]);
  });

  it('reads a page again when an order leaves the book or moves in it', async () => {
    const { cache, loads, put, read, changed } = withRows();
    put(row('o1', 'u1', '1.0'));
    put(row('o3', 'u3', '5.0'));
    await read(BTC, ['o1', 'o3']);
    put(row('o1', 'u1', '0.0'), false);
    changed('o1');
    await cache.idle();
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.id)).toEqual(['o3']);
    expect(loads).toHaveLength(2);
    put(row('o3', 'u3', '5.0', { price_per_unit: '101' }));
    changed('o3');
    await cache.idle();
    await read(BTC, ['o3']);
    expect(loads).toHaveLength(3);
  });

  it('keeps the other pages of a filter when an order stays in the book at its price', async () => {
    const { cache, loads, put, read } = withRows();
    put(row('o1', 'u1', '1.0'));
    put(row('o4', 'u4', '2.0'));
    await read(BTC, ['o1']);
    await read({ ...BTC, offset: 20 }, ['o4']);
    await read(USDT, []);
    put(row('o4', 'u4', '1.5'));
    cache.apply({ kind: 'orders', orders: [order('o4', 'u4')] });
    await cache.idle();
    expect((await read({ ...BTC, offset: 20 }, ['o4'])).page.orders[0]?.available).toBe('1.5');
    await read(BTC, ['o1']);
    await read(USDT, []);
    expect(loads).toHaveLength(3);
  });

  it('reads the pages of its filter again for an order no page shows (it may have entered)', async () => {
    const { cache, loads, put, read } = withRows();
    put(row('o1', 'u1', '1.0'));
    await read(BTC, ['o1']);
    await read(USDT, []);
    put(row('o5', 'u5', '2.0'));
    cache.apply({ kind: 'orders', orders: [order('o5', 'u5')] });
    await cache.idle();
    await read(BTC, ['o1', 'o5']);
    await read(USDT, []);
    expect(loads).toEqual([JSON.stringify(BTC), JSON.stringify(USDT), JSON.stringify(BTC)]);
  });

  it('shows a resumed order on the very next read, before any re-read: no page showed it', async () => {
    const { cache, loads, reads, put, read, changed } = withRows();
    put(row('o1', 'u1', '1.0'));
    put(row('o3', 'u3', '5.0'));
    await read(BTC, ['o1', 'o3']);
    // Paused: it leaves the book at once; the page read while it is paused lacks it.
    cache.observe({ room: 'user:u1', event: 'order:updated', payload: { orderId: 'o1', status: 'paused' } });
    put(row('o1', 'u1', '1.0'), false);
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.id)).toEqual(['o3']);
    // Resumed: no cached page shows it, so none can be patched with it; the next read, without
    // waiting for anything, is the database's.
    put(row('o1', 'u1', '1.0'));
    changed('o1');
    expect((await read(BTC, ['o1', 'o3'])).page.orders.map((o) => o.id)).toEqual(['o1', 'o3']);
    expect(loads).toHaveLength(3);
    expect(reads).toEqual([]);
  });

  it("patches the rows of a party whose figures a step moved, and applies another instance's change", async () => {
    const { cache, loads, reads, put, read } = withRows();
    put(row('o1', 'u1', '1.0'));
    put(row('o2', 'u2', '3.0', { cryptocurrency: 'USDT' }));
    await read(BTC, ['o1']);
    await read(USDT, ['o2']);
    put(row('o2', 'u2', '3.0', { cryptocurrency: 'USDT', available: '2.5' }));
    cache.apply({ kind: 'owners', userIds: ['u2'] });
    await cache.idle();
    expect((await read(USDT, ['o2'])).page.orders[0]?.available).toBe('2.5');
    expect(loads).toHaveLength(2);
    expect(reads).toEqual([['o2']]);
  });

  it('drops the pages of an order the event says left the book at once, without reading it', async () => {
    const { cache, loads, reads, put, read } = withRows();
    put(row('o1', 'u1', '1.0'));
    await read(BTC, ['o1']);
    put(row('o1', 'u1', '1.0'), false);
    cache.observe({ room: 'user:u1', event: 'order:updated', payload: { orderId: 'o1', status: 'paused' } });
    expect((await read(BTC, ['o1'])).page.orders).toEqual([]);
    expect(loads).toHaveLength(2);
    expect(reads).toEqual([]);
  });

  it("drops a batch's pages when the re-read fails, and reads them again", async () => {
    const { cache, loads, put, read, changed } = withRows();
    put(row('o1', 'u1', '1.0'));
    await read(BTC, ['o1']);
    const failing = cache as unknown as { rows: RowSource<Book> };
    const real = failing.rows.read;
    failing.rows.read = async () => {
      throw new Error('database away');
    };
    changed('o1');
    await cache.idle();
    failing.rows.read = real;
    await read(BTC, ['o1']);
    expect(loads).toHaveLength(2);
  });
});
