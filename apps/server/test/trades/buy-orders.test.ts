import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, buyOrderScenario, tradesOnOrder } from './support.ts';

// On a buy order the taker is the seller: their own coins go into escrow (docs/product/trading-rules.md).

let t: TestApp;
let http: Api;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

/** 50 000 ₽ at 5 000 000 ₽ per BTC = 0.01 BTC = 1 000 000 minor units. */
const AMOUNT_FIAT = '50000';
const ESCROW = 1_000_000n;

async function openOn(orderId: string, takerId: string, key?: string) {
  return http.post(
    '/trades',
    takerId,
    { orderId, amountFiat: AMOUNT_FIAT, paymentMethod: 'sberbank' },
    key ? { 'idempotency-key': key } : {},
  );
}

async function orderAvailable(orderId: string) {
  return (await http.get(`/orders/${orderId}`, null)).json().data.available_amount as string;
}

describe('opening a trade on a buy order', () => {
  it("locks the taker's own coins, makes the taker the seller and takes it from the order", async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0.05');
    expect(await balance(t.ctx, ownerId)).toEqual({ available: 0n, locked: 0n });

    const res = await openOn(orderId, takerId);
    expect(res.statusCode, res.body).toBe(200);
    const { trade, escrow, availableActions } = res.json().data;
    expect(trade).toMatchObject({
      sellerId: takerId,
      buyerId: ownerId,
      userRole: 'seller',
      orderType: 'buy',
      status: 'ESCROW_LOCKED',
      amountCrypto: '0.01000000',
      amountFiat: '50000.00',
    });
    expect(escrow).toMatchObject({ source: 'seller_balance', status: 'locked', amount: '0.01000000' });
    expect(availableActions).toEqual(['cancel_trade']);
    expect(await balance(t.ctx, takerId)).toEqual({ available: 5_000_000n - ESCROW, locked: ESCROW });
    expect(await balance(t.ctx, ownerId)).toEqual({ available: 0n, locked: 0n });
    expect(await orderAvailable(orderId)).toBe('0.09000000');
    // The owner sees themself as the buyer, with the buyer's buttons.
    const ownerView = await http.trade(trade.id, ownerId);
    expect(ownerView.trade.userRole).toBe('buyer');
    expect([...ownerView.availableActions].sort()).toEqual(['cancel_trade', 'mark_paid']);
  });

  it('refuses a taker without enough coins: 400 INSUFFICIENT_BALANCE and nothing is created', async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0.00999999');
    const res = await openOn(orderId, takerId, 'buy-short-1');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_BALANCE' });
    expect(await balance(t.ctx, takerId)).toEqual({ available: 999_999n, locked: 0n });
    expect(await orderAvailable(orderId)).toBe('0.10000000');
    expect(await tradesOnOrder(http, orderId, ownerId)).toBe(0);
    expect((await http.get('/trades', takerId)).json().data.total).toBe(0);

    // The failed attempt stored nothing under its key: with funds the same retry succeeds once.
    await fund(t.ctx, takerId, 'BTC', '0.00000001');
    const retry = await openOn(orderId, takerId, 'buy-short-1');
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await balance(t.ctx, takerId)).toEqual({ available: 0n, locked: ESCROW });
    expect(await tradesOnOrder(http, orderId, ownerId)).toBe(1);
  });

  it('refuses a taker who never had a wallet in that coin', async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0');
    const res = await openOn(orderId, takerId);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INSUFFICIENT_BALANCE');
    expect(await tradesOnOrder(http, orderId, ownerId)).toBe(0);
    expect(await orderAvailable(orderId)).toBe('0.10000000');
  });

  it("does not touch the order owner's balance when the owner creates a buy order", async () => {
    const { ownerId } = await buyOrderScenario(t, '5', '0');
    expect(await balance(t.ctx, ownerId)).toEqual({ available: 0n, locked: 0n });
  });
});

describe('cancelling a trade on a buy order', () => {
  it.each(['seller', 'buyer'] as const)(
    "returns the escrow to the taker's available balance when the %s cancels",
    async (who) => {
      const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0.05');
      const tradeId = (await openOn(orderId, takerId)).json().tradeId as string;
      const res = await http.act(tradeId, who === 'seller' ? takerId : ownerId, 'cancel_trade');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.trade.status).toBe('CANCELLED');
      expect(res.json().data.escrow.status).toBe('refunded');
      expect(await balance(t.ctx, takerId)).toEqual({ available: 5_000_000n, locked: 0n });
      expect(await balance(t.ctx, ownerId)).toEqual({ available: 0n, locked: 0n });
      expect(await orderAvailable(orderId)).toBe('0.10000000');
    },
  );
});

describe('releasing a trade on a buy order', () => {
  it('pays the order owner (the buyer) the escrow minus the fee', async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.1', '0.05');
    const tradeId = (await openOn(orderId, takerId)).json().tradeId as string;
    expect((await http.act(tradeId, ownerId, 'mark_paid')).json().data.trade.status).toBe('PAYMENT_PENDING');
    expect((await http.act(tradeId, takerId, 'confirm_payment')).json().data.trade.status).toBe(
      'PAYMENT_CONFIRMED',
    );
    const done = await http.act(tradeId, takerId, 'release_crypto');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.trade).toMatchObject({ status: 'COMPLETED', feeAmount: '0.00001000' });
    expect(await balance(t.ctx, ownerId)).toEqual({ available: ESCROW - 1_000n, locked: 0n });
    expect(await balance(t.ctx, takerId)).toEqual({ available: 5_000_000n - ESCROW, locked: 0n });
    expect(await orderAvailable(orderId)).toBe('0.09000000');
  });

  it('completes the buy order when its whole amount is bought', async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t, '0.01', '0.01');
    const tradeId = (await openOn(orderId, takerId)).json().tradeId as string;
    await http.act(tradeId, ownerId, 'mark_paid');
    await http.act(tradeId, takerId, 'confirm_payment');
    await http.act(tradeId, takerId, 'release_crypto');
    const order = (await http.get(`/orders/${orderId}`, null)).json().data;
    expect(order).toMatchObject({ status: 'completed', available_amount: '0.00000000', completed_trades: 1 });
    expect(await balance(t.ctx, takerId)).toEqual({ available: 0n, locked: 0n });
  });
});
