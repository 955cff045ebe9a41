import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  secondFactor,
  TEST_TOTP_SECRET,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { counts, feeBalance, swapApi } from './support.ts';

/**
 * Instant swaps (docs/decisions/026): an order paid in a coin is taken by one request that moves
 * both legs at once. Attacks first: a stolen token without the second factor, a replayed code,
 * the maker's own offer, a taker short of the payment coin; then the exact posting.
 */

let t: TestApp;
let stub: PriceStub;
let s: ReturnType<typeof swapApi>;
beforeAll(async () => {
  stub = await startPriceStub();
  t = await createTestApp({ ...LAX_TRADE_LIMITS, PRICE_API_URL: stub.url });
  s = swapApi(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  await stub.close();
});

/** A maker with 1 BTC and a live offer of 0.5 BTC for USDT; a taker with 10 000 USDT. */
async function offer(overrides: Record<string, unknown> = {}) {
  const maker = await createUser(t.ctx);
  const taker = await createUser(t.ctx);
  await fund(t.ctx, maker.id, 'BTC', '1');
  await fund(t.ctx, taker.id, 'USDT', '10000');
  const res = await s.publish(maker.id, overrides);
  expect(res.statusCode, res.body).toBe(200);
  return { maker, taker, orderId: res.json().data.id as string };
}

describe('taking a swap: the attacker without the second factor', () => {
  it('a take without a code is refused (403 missing) and writes nothing', async () => {
    const { taker, orderId } = await offer();
    const before = await counts(t.ctx);
    const res = await s.http.post(`/orders/${orderId}/swap`, taker.id, { amount_crypto: '0.01' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'missing' } });
    expect(await counts(t.ctx)).toEqual(before);
    expect(await balance(t.ctx, taker.id, 'USDT')).toEqual({ available: 1_000_000_000_000n, locked: 0n });
    expect(await balance(t.ctx, taker.id, 'BTC')).toEqual({ available: 0n, locked: 0n });
  });

  it('a code accepted once is refused the second time (403 used), and nothing more moves', async () => {
    const { taker, orderId } = await offer();
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    const first = await s.take(taker.id, orderId, { amount_crypto: '0.01', totp_code: code });
    expect(first.statusCode, first.body).toBe(200);
    const before = await counts(t.ctx);
    const again = await s.take(taker.id, orderId, { amount_crypto: '0.01', totp_code: code });
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'used' } });
    expect(await counts(t.ctx)).toEqual(before);
    expect((await balance(t.ctx, taker.id, 'BTC')).available).toBe(999_000n);
  });

  it('a wrong code is refused and counted like every other', async () => {
    const { taker, orderId } = await offer();
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.01', totp_code: '000000' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().details.reason).toBe('invalid');
  });
});

describe('taking a swap: refusals that write nothing', () => {
  it('the maker cannot take their own offer', async () => {
    const { maker, orderId } = await offer();
    const before = await counts(t.ctx);
    const res = await s.take(maker.id, orderId, { amount_crypto: '0.01' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('OWN_ORDER');
    expect(await counts(t.ctx)).toEqual(before);
  });

  it('a taker short of the payment coin is refused; no coin moves on either leg', async () => {
    const { maker, orderId } = await offer();
    const poor = await createUser(t.ctx);
    await fund(t.ctx, poor.id, 'USDT', '50');
    const before = await counts(t.ctx);
    const res = await s.take(poor.id, orderId, { amount_crypto: '0.001' }); // 97 USDT
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', details: { currency: 'USDT' } });
    expect(await counts(t.ctx)).toEqual(before);
    expect(await balance(t.ctx, poor.id, 'USDT')).toEqual({ available: 5_000_000_000n, locked: 0n });
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 50_000_000n, locked: 50_000_000n });
  });

  it('the offer limits hold, in the payment coin', async () => {
    const { taker, orderId } = await offer({ min_amount: '100', max_amount: '1000' });
    const before = await counts(t.ctx);
    const low = await s.take(taker.id, orderId, { amount_paid: '99.99' });
    expect(low.statusCode, low.body).toBe(400);
    expect(low.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { min: '100.00000000', max: '1000.00000000' },
    });
    const high = await s.take(taker.id, orderId, { amount_crypto: '0.011' }); // 1 067 USDT
    expect(high.statusCode, high.body).toBe(400);
    expect(await counts(t.ctx)).toEqual(before);
    const edge = await s.take(taker.id, orderId, { amount_paid: '1000' });
    expect(edge.statusCode, edge.body).toBe(200);
  });

  it('more than the offer has left is refused', async () => {
    const { taker, orderId } = await offer({ amount_crypto: '0.01' });
    expect((await s.take(taker.id, orderId, { amount_crypto: '0.006' })).statusCode).toBe(200);
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.006' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe('RULE_VIOLATION');
  });

  it('a market-paused offer cannot be taken (409)', async () => {
    const { taker, orderId } = await offer();
    await t.ctx.db.execute(sql`UPDATE orders SET market_paused = true WHERE id = ${orderId}`);
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.01' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toBe('Цена рынка недоступна');
    await t.ctx.db.execute(sql`UPDATE orders SET market_paused = false WHERE id = ${orderId}`);
  });

  it('a swap offer is never opened as a trade, and a fiat order is never swapped', async () => {
    const { taker, orderId } = await offer();
    const trade = await s.http.post('/trades', taker.id, {
      orderId,
      amountFiat: '100',
      paymentMethod: 'sberbank',
    });
    expect(trade.statusCode, trade.body).toBe(400);
    expect(trade.json().code).toBe('RULE_VIOLATION');
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '1');
    const fiat = await createOrder(t.ctx, seller.id);
    const swap = await s.take(taker.id, fiat.id, { amount_crypto: '0.01' });
    expect(swap.statusCode, swap.body).toBe(400);
  });
});

describe('taking a swap: the posting', () => {
  it('moves the taker USDT to the maker and the maker reserved BTC to the taker, fee on the BTC', async () => {
    const feesBefore = await feeBalance(t.ctx, 'BTC');
    const { maker, taker, orderId } = await offer();
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      order_id: orderId,
      cryptocurrency: 'BTC',
      paid_currency: 'USDT',
      amount_crypto: '0.10000000',
      fee_amount: '0.00010000',
      received_amount: '0.09990000',
      amount_paid: '9700.00000000',
      price_per_unit: '97000.00000000',
    });
    expect(await balance(t.ctx, taker.id, 'USDT')).toEqual({ available: 30_000_000_000n, locked: 0n });
    expect(await balance(t.ctx, taker.id, 'BTC')).toEqual({ available: 9_990_000n, locked: 0n });
    expect(await balance(t.ctx, maker.id, 'USDT')).toEqual({ available: 970_000_000_000n, locked: 0n });
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 50_000_000n, locked: 40_000_000n });
    expect((await feeBalance(t.ctx, 'BTC')) - feesBefore).toBe(10_000n);
    expect((await findOrder(t.ctx.db, orderId))?.availableAmount).toBe(40_000_000n);
    const [legs] = await queryRows<{ n: string }>(
      t.ctx.db,
      sql`SELECT COUNT(*)::text AS n FROM ledger_transactions WHERE ref_id = ${res.json().data.id}`,
    );
    expect(legs?.n).toBe('2');
    // The wallet history names both legs for each party, the taker's fee with the coins received.
    const history = await s.http.get('/wallet/transactions?type=trade', taker.id);
    const ops = history
      .json()
      .data.transactions.map((x: { operation: string; currency: string; fee: string | null }) => [
        x.operation,
        x.currency,
        x.fee,
      ]);
    expect(ops).toEqual(
      expect.arrayContaining([
        ['swap_out', 'USDT', null],
        ['swap_in', 'BTC', '0.00010000'],
      ]),
    );
    await expectLedgerSound(t.ctx);
  });

  it('by the amount paid: the coins are rounded down, the payment is exact', async () => {
    const { taker, orderId } = await offer({ price_per_unit: '97000.12345678', confirm_price: true });
    const res = await s.take(taker.id, orderId, { amount_paid: '100' });
    expect(res.statusCode, res.body).toBe(200);
    // 100 × 1e8 / 97000.12345678 = 0.00103092…, floored
    expect(res.json().data).toMatchObject({ amount_paid: '100.00000000', amount_crypto: '0.00103092' });
    expect((await balance(t.ctx, taker.id, 'USDT')).available).toBe(990_000_000_000n);
  });

  it('the last fill completes the offer and it leaves the book', async () => {
    const { maker, taker, orderId } = await offer({ amount_crypto: '0.01' });
    const book = await s.http.get('/orders?cryptocurrency=BTC&fiat_currency=USDT&limit=100', null);
    expect(book.statusCode, book.body).toBe(200);
    const listed = book.json().data.orders.find((o: { id: string }) => o.id === orderId);
    expect(listed).toMatchObject({
      fiat_currency: 'USDT',
      price_per_unit: '97000.00000000',
      min_amount: '10.00000000',
      payment_methods: [],
      time_limit: 0,
    });
    const res = await s.take(taker.id, orderId, { amount_crypto: '0.01' });
    expect(res.statusCode, res.body).toBe(200);
    const order = await findOrder(t.ctx.db, orderId);
    expect(order).toMatchObject({ status: 'completed', availableAmount: 0n });
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 99_000_000n, locked: 0n });
    const after = await s.http.get('/orders?cryptocurrency=BTC&fiat_currency=USDT&limit=100', null);
    expect(after.json().data.orders.some((o: { id: string }) => o.id === orderId)).toBe(false);
  });

  it('an Idempotency-Key repeat answers the first swap and moves nothing twice', async () => {
    const { taker, orderId } = await offer();
    const body = { amount_crypto: '0.01', totp_code: await secondFactor(t.ctx, taker.id) };
    const headers = { 'idempotency-key': `swap-${orderId}` };
    const first = await s.http.post(`/orders/${orderId}/swap`, taker.id, body, headers);
    const again = await s.http.post(`/orders/${orderId}/swap`, taker.id, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await balance(t.ctx, taker.id, 'BTC')).available).toBe(999_000n);
  });
});
