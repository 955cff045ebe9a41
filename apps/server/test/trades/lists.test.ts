import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  openTrade,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type Api, api, drive, type Reachable } from './support.ts';

// GET /trades (filters, paging), /trades/user/{id}, /trades/stats and the soft delete.

let t: TestApp;
let http: Api;

/** The user under test and six of their trades, one second apart (newest last here). */
let me: string;
let counterpartSeller: string;
const ids: Record<string, string> = {};
const PLAN: [name: string, role: 'buyer' | 'seller', status: Reachable, fiat: string][] = [
  ['boughtDone', 'buyer', 'COMPLETED', '50000'],
  ['boughtCancelled', 'buyer', 'CANCELLED', '50000'],
  ['boughtOpen', 'buyer', 'ESCROW_LOCKED', '50000'],
  ['soldPending', 'seller', 'PAYMENT_PENDING', '50000'],
  ['soldDisputed', 'seller', 'DISPUTED', '50000'],
  ['soldDone', 'seller', 'COMPLETED', '100000'],
];

beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
  http = api(t);
  me = (await createUser(t.ctx)).id;
  await fund(t.ctx, me, 'BTC', '1');
  const { id: myOrder } = await createOrder(t.ctx, me, { amount_crypto: '1' });
  const theirs = await sellOrderScenario(t.ctx, '1');
  counterpartSeller = theirs.seller.id;
  const myBuyer = (await createUser(t.ctx)).id;
  for (const [name, role, status, fiat] of PLAN) {
    t.clock.advance(1000);
    const trade =
      role === 'buyer'
        ? {
            buyerId: me,
            sellerId: theirs.seller.id,
            tradeId: await openTrade(t.ctx, me, theirs.orderId, fiat),
          }
        : { buyerId: myBuyer, sellerId: me, tradeId: await openTrade(t.ctx, myBuyer, myOrder, fiat) };
    await drive(t, trade, status);
    ids[name] = trade.tradeId;
  }
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

async function list(query: string, userId = me) {
  const res = await http.get(`/trades${query}`, userId);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data;
  const names = (data.trades as { id: string }[]).map(
    (tr) => Object.keys(ids).find((k) => ids[k] === tr.id) ?? tr.id,
  );
  return { ...data, names } as {
    names: string[];
    total: number;
    hasNext: boolean;
    limit: number;
    offset: number;
  };
}

describe('GET /trades', () => {
  it('lists all my trades, newest first, with my role on each', async () => {
    const all = await list('');
    expect(all.names).toEqual(PLAN.map(([name]) => name).reverse());
    expect(all.total).toBe(6);
    const res = await http.get('/trades', me);
    for (const tr of res.json().data.trades) {
      const planned = PLAN.find(([name]) => ids[name] === tr.id);
      expect(tr.userRole).toBe(planned?.[1]);
    }
  });

  it.each([
    ['?status=completed', ['soldDone', 'boughtDone']],
    ['?status=COMPLETED,cancelled', ['soldDone', 'boughtCancelled', 'boughtDone']],
    ['?status=disputed', ['soldDisputed']],
    ['?role=buyer', ['boughtOpen', 'boughtCancelled', 'boughtDone']],
    ['?role=seller', ['soldDone', 'soldDisputed', 'soldPending']],
    ['?role=seller&status=completed', ['soldDone']],
    ['?active=true', ['soldDisputed', 'soldPending', 'boughtOpen']],
    ['?active=true&role=buyer', ['boughtOpen']],
  ])('filters %s', async (query, expected) => {
    const res = await list(query);
    expect(res.names).toEqual(expected);
    expect(res.total).toBe(expected.length);
  });

  it('pages with limit, offset, total and hasNext', async () => {
    const first = await list('?limit=4&offset=0');
    expect(first).toMatchObject({ total: 6, limit: 4, offset: 0, hasNext: true });
    expect(first.names).toHaveLength(4);
    const second = await list('?limit=4&offset=4');
    expect(second).toMatchObject({ total: 6, offset: 4, hasNext: false });
    expect([...first.names, ...second.names]).toEqual(PLAN.map(([name]) => name).reverse());
    expect((await http.get('/trades?limit=0', me)).statusCode).toBe(400);
    expect((await http.get('/trades?limit=101', me)).statusCode).toBe(400);
  });

  it('shows a counterparty only their own side', async () => {
    const theirs = await list('', counterpartSeller);
    expect(theirs.names.sort()).toEqual(['boughtCancelled', 'boughtDone', 'boughtOpen']);
  });
});

describe('GET /trades/user/{id}', () => {
  it('answers my own trades and 403 for anyone else', async () => {
    const mine = await http.get(`/trades/user/${me}?limit=50&offset=0`, me);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.total).toBe(6);
    const theirs = await http.get(`/trades/user/${counterpartSeller}`, me);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('FORBIDDEN');
  });
});

describe('GET /trades/stats', () => {
  it('counts my trades by status and side, with the completion rate and the volume', async () => {
    const res = await http.get('/trades/stats', me);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      totalTrades: 6,
      activeTrades: 3,
      completedTrades: 2,
      cancelledTrades: 1,
      disputedTrades: 1,
      asBuyer: 3,
      asSeller: 3,
      completionRate: 66.7,
      volumeByFiat: { RUB: '150000.00' },
    });
  });

  it('is all zeros for a user without trades', async () => {
    const nobody = await createUser(t.ctx);
    expect((await http.get('/trades/stats', nobody.id)).json().data).toEqual({
      totalTrades: 0,
      activeTrades: 0,
      completedTrades: 0,
      cancelledTrades: 0,
      disputedTrades: 0,
      asBuyer: 0,
      asSeller: 0,
      completionRate: null,
      volumeByFiat: {},
    });
  });
});

describe('PATCH /trades/{id}/soft-delete', () => {
  it.each(['boughtOpen', 'soldPending', 'soldDisputed'])(
    'refuses the unfinished trade %s with 409',
    async (name) => {
      const res = await http.patch(`/trades/${ids[name]}/soft-delete`, me, {});
      expect(res.statusCode).toBe(409);
      expect((await list('')).names).toContain(name);
    },
  );

  it('is 404 for someone who is not a party', async () => {
    const stranger = await createUser(t.ctx);
    expect((await http.patch(`/trades/${ids.boughtDone}/soft-delete`, stranger.id, {})).statusCode).toBe(404);
    expect((await list('')).names).toContain('boughtDone');
  });

  it("hides a completed or cancelled trade from my lists only, never from the counterparty's", async () => {
    const done = await http.patch(`/trades/${ids.boughtDone}/soft-delete`, me, { reason: 'Старая сделка' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.message).toBe('Сделка удалена');
    const cancelled = await http.patch(`/trades/${ids.boughtCancelled}/soft-delete`, me);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // Hiding twice is harmless.
    expect((await http.patch(`/trades/${ids.boughtDone}/soft-delete`, me, {})).statusCode).toBe(200);

    const mine = await list('');
    expect(mine.names).toEqual(['soldDone', 'soldDisputed', 'soldPending', 'boughtOpen']);
    expect(mine.total).toBe(4);
    expect((await list('?role=buyer')).names).toEqual(['boughtOpen']);
    expect((await list('?status=completed')).names).toEqual(['soldDone']);
    const theirs = await list('', counterpartSeller);
    expect(theirs.names.sort()).toEqual(['boughtCancelled', 'boughtDone', 'boughtOpen']);
  });
});
