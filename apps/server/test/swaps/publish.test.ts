import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTwoFactor } from '../../src/modules/two-factor/two-factor.repository.ts';
import { balance, createUser, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { counts, swapApi } from './support.ts';

/**
 * Publishing a swap offer (docs/decisions/026) sells a balance to whoever takes it, at once: a
 * stolen token must not be able to publish one at any price for an accomplice to take.
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

async function funded() {
  const maker = await createUser(t.ctx);
  await fund(t.ctx, maker.id, 'BTC', '1');
  return maker;
}

describe('publishing a swap offer', () => {
  it('without a code: 403 missing, no order, nothing reserved', async () => {
    const maker = await funded();
    const before = await counts(t.ctx);
    const res = await s.publish(maker.id, { totp_code: undefined });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'missing' } });
    expect(await counts(t.ctx)).toEqual(before);
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 100_000_000n, locked: 0n });
  });

  it('with a wrong code: 403 invalid, nothing written, and the wrong code counts towards the lock', async () => {
    const maker = await funded();
    const before = await counts(t.ctx);
    const res = await s.publish(maker.id, { totp_code: '000000' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().details.reason).toBe('invalid');
    expect(await counts(t.ctx)).toEqual(before);
    expect((await findTwoFactor(t.ctx.db, maker.id))?.failedAttempts).toBe(1);
  });

  it('without two-factor at all: 403 not_enabled', async () => {
    const maker = await createUser(t.ctx, { twoFactor: false });
    await fund(t.ctx, maker.id, 'BTC', '1');
    const res = await s.publish(maker.id, { totp_code: '123456' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().details.reason).toBe('not_enabled');
  });

  it('with a code: the sold coin is reserved, the offer speaks in the payment coin', async () => {
    const maker = await funded();
    const res = await s.publish(maker.id, { min_amount: '50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.order).toMatchObject({
      type: 'sell',
      cryptocurrency: 'BTC',
      fiat_currency: 'USDT',
      amount_crypto: '0.50000000',
      price_per_unit: '97000.00000000',
      total_amount: '48500.00000000',
      min_amount: '50.00000000',
      max_amount: '48500.00000000',
      payment_methods: [],
      time_limit: 0,
    });
    expect(await balance(t.ctx, maker.id, 'BTC')).toEqual({ available: 50_000_000n, locked: 50_000_000n });
  });

  it('more than 20 % from the market asks for a confirmation that states the deviation; nothing is written', async () => {
    const maker = await funded();
    const before = await counts(t.ctx);
    const low = await s.publish(maker.id, { price_per_unit: '50000' });
    expect(low.statusCode, low.body).toBe(409);
    expect(low.json()).toMatchObject({
      code: 'PRICE_CONFIRMATION_REQUIRED',
      details: { reason: 'deviation' },
    });
    expect(low.json().details.deviationBp).toBeLessThan(-4800);
    expect(low.json().error).toMatch(/-48,\d %/);
    const high = await s.publish(maker.id, { price_per_unit: '120000' });
    expect(high.statusCode, high.body).toBe(409);
    expect(await counts(t.ctx)).toEqual(before);
    const confirmed = await s.publish(maker.id, { price_per_unit: '50000', confirm_price: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('the rules: a sale only, two different coins, limits from the payment coin minimum', async () => {
    const maker = await funded();
    const before = await counts(t.ctx);
    const buy = await s.publish(maker.id, { type: 'buy' });
    expect(buy.statusCode, buy.body).toBe(400);
    expect(buy.json().error).toContain('опубликуйте продажу USDT за BTC');
    const same = await s.publish(maker.id, { fiat_currency: 'BTC', price_per_unit: '1' });
    expect(same.statusCode, same.body).toBe(400);
    const tiny = await s.publish(maker.id, { min_amount: '5' });
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().error).toContain('10 USDT');
    expect(await counts(t.ctx)).toEqual(before);
  });

  it('taking an offer priced far above the market asks the taker to confirm too', async () => {
    const maker = await funded();
    const taker = await createUser(t.ctx);
    await fund(t.ctx, taker.id, 'USDT', '1000');
    const res = await s.publish(maker.id, { price_per_unit: '130000', confirm_price: true });
    const orderId = res.json().data.id;
    const unconfirmed = await s.take(taker.id, orderId, { amount_paid: '130' });
    expect(unconfirmed.statusCode, unconfirmed.body).toBe(409);
    expect(unconfirmed.json().code).toBe('PRICE_CONFIRMATION_REQUIRED');
    const confirmed = await s.take(taker.id, orderId, { amount_paid: '130', confirm_price: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.amount_crypto).toBe('0.00100000');
  });

  it('with the feed on its fallback table every swap price needs confirming', async () => {
    const maker = await funded();
    stub.mode = 'error';
    t.clock.advance(24 * 60 * 60_000);
    try {
      const res = await s.publish(maker.id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().details.reason).toBe('market_unavailable');
      const confirmed = await s.publish(maker.id, { confirm_price: true });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
    } finally {
      stub.reset();
    }
  });
});
