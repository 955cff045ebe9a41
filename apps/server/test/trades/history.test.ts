import { feeFor, formatCrypto, parseAmount } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, servicesOf, type signIn, signInEnrolled, type TestApp } from '../helpers.ts';
import { payloadOf } from './support.ts';

let t: TestApp;
type Session = Awaited<ReturnType<typeof signIn>>;
let seller: Session;
let buyer: Session;
let other: Session;
let stranger: Session;
const ids: Record<'completed' | 'cancelled' | 'expired' | 'disputed' | 'open' | 'eth' | 'other', string> = {
  completed: '',
  cancelled: '',
  expired: '',
  disputed: '',
  open: '',
  eth: '',
  other: '',
};

const history = async (s: Session, query: Record<string, string> = {}) => {
  const res = await t.app.inject({
    url: `/api/v1/trades/history?${new URLSearchParams(query)}`,
    headers: s.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const idsOf = (data: { trades: { id: string }[] }) => data.trades.map((r) => r.id).sort();
const sorted = (...keys: (keyof typeof ids)[]) => keys.map((k) => ids[k]).sort();

/**
 * One seller with trades in every outcome: day 1 completed and cancelled (as seller), day 2 an
 * expired one, day 3 a disputed one and an open one, an ETH trade; a second buyer's trade on
 * another day; and a stranger with trades of his own.
 */
beforeAll(async () => {
  t = await createTestApp();
  seller = await signInEnrolled(t, 'hist_seller');
  buyer = await signInEnrolled(t, 'hist_buyer');
  other = await signInEnrolled(t, 'hist_other');
  stranger = await signInEnrolled(t, 'hist_stranger');
  await t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me',
    headers: buyer.headers,
    payload: { display_name: 'Покупатель Борис' },
  });
  const trades = servicesOf(t.ctx).trades;
  await fund(t.ctx, seller.userId, 'BTC', '2');
  await fund(t.ctx, seller.userId, 'ETH', '10');
  const { id: orderId } = await createOrder(t.ctx, seller.userId, { amount_crypto: '2' });

  ids.completed = await openTrade(t.ctx, buyer.userId, orderId, '5000');
  t.clock.advance(60_000);
  await trades.act(buyer.userId, ids.completed, 'mark_paid', PAID);
  t.clock.advance(60_000);
  await trades.act(
    seller.userId,
    ids.completed,
    'confirm_payment',
    await payloadOf(t.ctx, 'confirm_payment', seller.userId),
  );
  await trades.act(seller.userId, ids.completed, 'release_crypto', {});
  ids.cancelled = await openTrade(t.ctx, buyer.userId, orderId, '6000');
  t.clock.advance(30_000);
  await trades.act(buyer.userId, ids.cancelled, 'cancel_trade', {});

  t.clock.advance(24 * 3600_000); // 2026-11-21
  ids.expired = await openTrade(t.ctx, buyer.userId, orderId, '7000');
  t.clock.advance(3 * 3600_000);
  while (await trades.runDue('payment', t.clock.now())) {}

  t.clock.advance(24 * 3600_000); // 2026-11-22
  ids.disputed = await openTrade(t.ctx, buyer.userId, orderId, '8000');
  await trades.act(buyer.userId, ids.disputed, 'mark_paid', PAID);
  await trades.act(buyer.userId, ids.disputed, 'dispute_trade', {
    reasonId: 'seller_not_responding',
    details: 'Продавец молчит',
  });
  ids.open = await openTrade(t.ctx, other.userId, orderId, '9000');
  const { id: ethOrder } = await createOrder(t.ctx, seller.userId, {
    cryptocurrency: 'ETH',
    amount_crypto: '10',
    price_per_unit: '250000',
  });
  ids.eth = await openTrade(t.ctx, buyer.userId, ethOrder, '10000');

  // The stranger trades with someone else only.
  await fund(t.ctx, stranger.userId, 'BTC', '1');
  const { id: strangerOrder } = await createOrder(t.ctx, stranger.userId, { amount_crypto: '1' });
  ids.other = await openTrade(t.ctx, other.userId, strangerOrder, '5000');
  // Sessions from two days ago have run out: sign in again as the same users.
  seller = await signInEnrolled(t, 'hist_seller');
  buyer = await signInEnrolled(t, 'hist_buyer');
  stranger = await signInEnrolled(t, 'hist_stranger');
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('GET /trades/history', () => {
  it('lists every trade of the caller, newest first, with amounts, fee, net, counterparty, duration and outcome', async () => {
    const data = await history(seller);
    expect(data.total).toBe(6);
    expect(idsOf(data)).toEqual(sorted('completed', 'cancelled', 'expired', 'disputed', 'open', 'eth'));
    const created = data.trades.map((r: { createdAt: string }) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);

    const done = data.trades.find((r: { id: string }) => r.id === ids.completed);
    const amount = parseAmount(done.amountCrypto, 8);
    const fee = feeFor(amount, t.ctx.config.feePpm);
    expect(fee).toBeGreaterThan(0n);
    expect(done).toMatchObject({
      status: 'COMPLETED',
      outcome: 'completed',
      userRole: 'seller',
      type: 'sell',
      cryptocurrency: 'BTC',
      amountFiat: '5000.00',
      fee: formatCrypto(fee),
      net: formatCrypto(amount - fee),
      durationSeconds: 120,
      counterparty: { id: buyer.userId, name: 'Покупатель Борис', username: 'hist_buyer' },
    });
    const byId = (id: string) => data.trades.find((r: { id: string }) => r.id === id);
    expect(byId(ids.cancelled)).toMatchObject({
      outcome: 'cancelled',
      fee: formatCrypto(0n),
      durationSeconds: 30,
    });
    expect(byId(ids.cancelled).net).toBe(byId(ids.cancelled).amountCrypto);
    expect(byId(ids.expired)).toMatchObject({ status: 'CANCELLED', outcome: 'expired' });
    expect(byId(ids.disputed)).toMatchObject({
      outcome: 'disputed',
      disputeReason: 'seller_not_responding',
      durationSeconds: null,
    });
    expect(byId(ids.open)).toMatchObject({ outcome: 'in_progress', counterparty: { id: other.userId } });

    expect(data.stats).toMatchObject({
      totalTrades: 6,
      completedTrades: 1,
      cancelledTrades: 2,
      disputedTrades: 1,
      volumeByFiat: { RUB: '5000.00' },
      avgTradeSeconds: 120,
      successRate: 33.3,
    });
  });

  it('the buyer sees the same trades from his side', async () => {
    const data = await history(buyer, { status: 'completed' });
    expect(idsOf(data)).toEqual([ids.completed]);
    expect(data.trades[0]).toMatchObject({
      userRole: 'buyer',
      type: 'buy',
      counterparty: { id: seller.userId },
    });
  });

  it('filters by status group, exact status, coin, role and date range', async () => {
    expect(idsOf(await history(seller, { status: 'active' }))).toEqual(sorted('open', 'eth'));
    expect(idsOf(await history(seller, { status: 'cancelled' }))).toEqual(sorted('cancelled', 'expired'));
    expect(idsOf(await history(seller, { status: 'disputed' }))).toEqual([ids.disputed]);
    expect(idsOf(await history(seller, { status: 'DISPUTED' }))).toEqual([ids.disputed]);
    expect(idsOf(await history(seller, { cryptocurrency: 'ETH' }))).toEqual([ids.eth]);
    expect((await history(seller, { role: 'buyer' })).total).toBe(0);
    expect((await history(seller, { role: 'seller' })).total).toBe(6);
    expect(idsOf(await history(seller, { from: '2026-11-21', to: '2026-11-21' }))).toEqual([ids.expired]);
    expect(idsOf(await history(seller, { to: '2026-11-20' }))).toEqual(sorted('completed', 'cancelled'));
    expect((await history(seller, { from: '2026-11-22T00:00:00Z' })).total).toBe(3);
    const combined = await history(seller, { status: 'active', cryptocurrency: 'BTC' });
    expect(idsOf(combined)).toEqual([ids.open]);
    expect(combined.stats.totalTrades).toBe(1);
  });

  it('searches by trade id (prefix, with #) and by counterparty name or username', async () => {
    expect(idsOf(await history(seller, { search: ids.completed }))).toEqual([ids.completed]);
    expect(idsOf(await history(seller, { search: `#${ids.expired.slice(0, 8)}` }))).toContain(ids.expired);
    expect(idsOf(await history(seller, { search: 'hist_other' }))).toEqual([ids.open]);
    expect((await history(seller, { search: 'борис' })).total).toBe(5);
    expect((await history(seller, { search: 'nobody_like_this' })).total).toBe(0);
    // LIKE wildcards are plain text.
    expect((await history(seller, { search: '%' })).total).toBe(0);
  });

  it('pages through the list', async () => {
    const first = await history(seller, { limit: '4', offset: '0' });
    const second = await history(seller, { limit: '4', offset: '4' });
    expect(first).toMatchObject({ total: 6, limit: 4, offset: 0, hasNext: true });
    expect(first.trades).toHaveLength(4);
    expect(second).toMatchObject({ total: 6, offset: 4, hasNext: false });
    expect(second.trades).toHaveLength(2);
    expect([...idsOf(first), ...idsOf(second)].sort()).toEqual(
      sorted('completed', 'cancelled', 'expired', 'disputed', 'open', 'eth'),
    );
    expect(first.stats.totalTrades).toBe(6);
  });

  it("a stranger sees none of another's trades, whatever he searches", async () => {
    const mine = await history(stranger);
    expect(idsOf(mine)).toEqual([ids.other]);
    expect((await history(stranger, { search: ids.completed })).total).toBe(0);
    expect((await history(stranger, { search: 'hist_buyer' })).total).toBe(0);
    const csv = await t.app.inject({ url: '/api/v1/trades/history.csv', headers: stranger.headers });
    expect(csv.body).not.toContain(ids.completed);
    expect(csv.body.trim().split('\r\n')).toHaveLength(2);
  });

  it('refuses bad filters with 400 and anonymous callers with 401', async () => {
    const bad = await t.app.inject({ url: '/api/v1/trades/history?status=bogus', headers: seller.headers });
    expect(bad.statusCode).toBe(400);
    const badDate = await t.app.inject({
      url: '/api/v1/trades/history?from=yesterday',
      headers: seller.headers,
    });
    expect(badDate.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v1/trades/history' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/trades/history.csv' })).statusCode).toBe(401);
  });
});

describe('GET /trades/history.csv', () => {
  it('exports the filtered history as CSV with a header row and exact decimal amounts', async () => {
    const res = await t.app.inject({
      url: '/api/v1/trades/history.csv?status=completed',
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="trades-2026-11-22\.csv"$/);
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'trade_id,created_at,finished_at,status,outcome,role,cryptocurrency,amount_crypto,fee,net,' +
        'fiat_currency,amount_fiat,price_per_unit,payment_method,counterparty,counterparty_username,duration_seconds',
    );
    expect(rows).toHaveLength(1);
    const json = (await history(seller, { status: 'completed' })).trades[0];
    expect(rows[0]?.split(',')).toEqual([
      ids.completed,
      json.createdAt,
      json.completedAt,
      'COMPLETED',
      'completed',
      'seller',
      'BTC',
      json.amountCrypto,
      json.fee,
      json.net,
      'RUB',
      '5000.00',
      json.pricePerUnit,
      json.paymentMethod,
      'Покупатель Борис',
      'hist_buyer',
      '120',
    ]);
    expect(json.amountCrypto).toMatch(/^\d+\.\d+$/);

    const all = await t.app.inject({ url: '/api/v1/trades/history.csv', headers: seller.headers });
    expect(all.body.trim().split('\r\n')).toHaveLength(7);
  });
});
