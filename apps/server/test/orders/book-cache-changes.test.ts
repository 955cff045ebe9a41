import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.ts';
import {
  BookCache,
  type BookChange,
  batchBookChanges,
  type OrderKey,
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
