import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import {
  balance,
  createUser,
  expectLedgerSound,
  fund,
  PAID,
  sellOrderScenario,
  TEST_TOTP_SECRET,
} from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, signInEnrolled, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

describe('a full trade on a sell order over HTTP', () => {
  it('moves escrow to the buyer minus the fee, exactly once', async () => {
    const s = await signInEnrolled(t, 'flowseller');
    const b = await signInEnrolled(t, 'flowbuyer');
    await fund(t.ctx, s.userId, 'BTC', '0.5');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: s.headers,
      payload: {
        type: 'sell',
        cryptocurrency: 'BTC',
        amount_crypto: '0.2',
        price_per_unit: '6000000',
        payment_methods: ['sberbank'],
        min_amount: '1000',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const orderId = created.json().data.id;
    expect(await balance(t.ctx, s.userId)).toEqual({ available: 30_000_000n, locked: 20_000_000n });

    const open = await t.app.inject({
      method: 'POST',
      url: '/api/v1/trades',
      headers: { ...b.headers, 'idempotency-key': 'flow-1' },
      payload: { orderId, amountFiat: '60000', paymentMethod: 'sberbank' },
    });
    expect(open.statusCode, open.body).toBe(200);
    const body = open.json();
    expect(body.tradeId).toBe(body.data.trade.id);
    expect(body.data.trade.amountCrypto).toBe('0.01000000');
    expect(body.data.trade.status).toBe('ESCROW_LOCKED');
    expect(body.data.availableActions).toEqual(['mark_paid', 'cancel_trade']);
    const tradeId = body.tradeId;

    const act = (headers: Record<string, string>, action: string, payload: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/trades/${tradeId}/actions`,
        headers,
        payload: { action, payload },
      });
    expect((await act(s.headers, 'mark_paid')).statusCode).toBe(409);
    expect((await act(b.headers, 'mark_paid', PAID)).json().data.trade.status).toBe('PAYMENT_PENDING');
    // The seller's authenticator app shows the code of this moment.
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    expect((await act(s.headers, 'confirm_payment', { totpCode: code })).json().data.trade.status).toBe(
      'PAYMENT_CONFIRMED',
    );
    const done = await act(s.headers, 'release_funds');
    expect(done.json().data.trade.status).toBe('COMPLETED');
    expect(done.json().data.escrow.status).toBe('released');
    const again = await act(s.headers, 'release_crypto');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Действие недоступно');

    // fee 0.1% of 0.01 BTC = 0.00001 BTC
    expect(await balance(t.ctx, b.userId)).toEqual({ available: 999_000n, locked: 0n });
    expect(await balance(t.ctx, s.userId)).toEqual({ available: 30_000_000n, locked: 19_000_000n });
    const other = await signInEnrolled(t, 'flowstranger');
    expect(
      (await t.app.inject({ url: `/api/v1/trades/${tradeId}`, headers: other.headers })).statusCode,
    ).toBe(404);
  });

  it('expires an unpaid trade at its deadline and returns the escrow to the reserve', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const trades = servicesOf(t.ctx).trades;
    const { tradeId } = await trades.open(buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    t.clock.advance(30 * 60_000);
    expect(await trades.runDue('payment', t.clock.now())).toBe(true);
    const d = await trades.details(seller.id, tradeId);
    expect(d.trade.status).toBe('CANCELLED');
    expect(d.escrow.status).toBe('refunded');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 100_000_000n });
    const u = await createUser(t.ctx);
    await fund(t.ctx, u.id, 'BTC', '1');
  });
});
