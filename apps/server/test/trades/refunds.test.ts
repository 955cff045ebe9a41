import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, expectLedgerSound, openTrade, sellOrderScenario } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { type Api, api, drive } from './support.ts';

// Where the escrow goes back to (docs/product/trading-rules.md, decision 004), and when an order is done.

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

const BTC = 100_000_000n;
/** 50 000 ₽ at the factory price of 5 000 000 ₽ per BTC. */
const CENT = 1_000_000n;

async function order(orderId: string) {
  const res = await http.get(`/orders/${orderId}`, null);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; available_amount: string; locked_amount: string };
}

async function inBook(orderId: string) {
  const res = await http.get('/orders?type=sell&cryptocurrency=BTC&limit=100', null);
  return (res.json().data.orders as { id: string }[]).some((o) => o.id === orderId);
}

describe('cancelling a trade on a live sell order', () => {
  it.each(['buyer', 'seller'] as const)(
    'puts the escrow back into the reserve when the %s cancels: locked unchanged, the order offers it again',
    async (who) => {
      const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
      const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
      expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
      expect((await order(orderId)).available_amount).toBe('0.99000000');

      const res = await http.act(tradeId, who === 'buyer' ? buyer.id : seller.id, 'cancel_trade');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.escrow).toMatchObject({ status: 'refunded', source: 'order_reserve' });
      expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
      expect(await balance(t.ctx, buyer.id)).toEqual({ available: 0n, locked: 0n });
      expect(await order(orderId)).toMatchObject({
        status: 'active',
        available_amount: '1.00000000',
        locked_amount: '1.00000000',
      });
    },
  );

  it('also refunds into the reserve of a paused order, which stays paused', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    expect((await http.put(`/orders/${orderId}/settings`, seller.id, { status: 'paused' })).statusCode).toBe(
      200,
    );
    await http.act(tradeId, buyer.id, 'cancel_trade');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
    expect(await order(orderId)).toMatchObject({ status: 'paused', available_amount: '1.00000000' });
  });
});

describe('deleting a sell order with an open trade', () => {
  it('releases only the remaining reserve; a later cancel returns the escrow to available', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');

    const del = await http.del(`/orders/${orderId}`, seller.id);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.message).toBe('Ордер удален');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC - CENT, locked: CENT });
    expect((await order(orderId)).status).toBe('cancelled');
    expect(await inBook(orderId)).toBe(false);
    // The trade is untouched and still open.
    const live = await http.trade(tradeId, buyer.id);
    expect(live.trade.status).toBe('ESCROW_LOCKED');
    expect([...live.availableActions].sort()).toEqual(['cancel_trade', 'mark_paid']);

    const cancel = await http.act(tradeId, seller.id, 'cancel_trade');
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 0n, locked: 0n });
    expect((await order(orderId)).status).toBe('cancelled');
  });

  it('lets the open trade run to completion and pays the buyer', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await http.act(tradeId, buyer.id, 'mark_paid');
    expect((await http.del(`/orders/${orderId}`, seller.id)).statusCode).toBe(200);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC - CENT, locked: CENT });

    expect((await http.act(tradeId, seller.id, 'confirm_payment')).statusCode).toBe(200);
    const done = await http.act(tradeId, seller.id, 'release_crypto');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.trade.status).toBe('COMPLETED');
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: CENT - 1_000n, locked: 0n });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC - CENT, locked: 0n });
    expect((await order(orderId)).status).toBe('cancelled');
  });

  it('takes no new trades once deleted, and cannot be deleted twice or by someone else', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    expect((await http.del(`/orders/${orderId}`, buyer.id)).statusCode).toBe(403);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
    expect((await http.del(`/orders/${orderId}`, seller.id)).statusCode).toBe(200);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
    const again = await http.del(`/orders/${orderId}`, seller.id);
    expect(again.statusCode).toBe(409);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
    const open = await http.post('/trades', buyer.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(open.statusCode).toBe(400);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
  });
});

describe('completing an order', () => {
  it('happens only when it is fully taken and its last open trade completes', async () => {
    // 0.02 BTC = two trades of 50 000 ₽.
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.02');
    const first = await openTrade(t.ctx, buyer.id, orderId, '50000');
    const second = await openTrade(t.ctx, buyer.id, orderId, '50000');
    expect((await order(orderId)).available_amount).toBe('0.00000000');
    expect(await inBook(orderId)).toBe(false);

    await drive(t, { tradeId: first, buyerId: buyer.id, sellerId: seller.id }, 'COMPLETED');
    expect((await order(orderId)).status).toBe('active');

    await drive(t, { tradeId: second, buyerId: buyer.id, sellerId: seller.id }, 'COMPLETED');
    expect(await order(orderId)).toMatchObject({ status: 'completed', available_amount: '0.00000000' });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 0n });
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 2n * (CENT - 1_000n), locked: 0n });
    // A completed order is closed for settings and deletion.
    expect((await http.put(`/orders/${orderId}/settings`, seller.id, { status: 'active' })).statusCode).toBe(
      409,
    );
    expect((await http.del(`/orders/${orderId}`, seller.id)).statusCode).toBe(409);
  });

  it('does not happen when the last open trade is cancelled: the amount is offered again', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.02');
    const first = await openTrade(t.ctx, buyer.id, orderId, '50000');
    const second = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await drive(t, { tradeId: first, buyerId: buyer.id, sellerId: seller.id }, 'COMPLETED');
    await drive(t, { tradeId: second, buyerId: buyer.id, sellerId: seller.id }, 'CANCELLED');
    expect(await order(orderId)).toMatchObject({ status: 'active', available_amount: '0.01000000' });
    expect(await inBook(orderId)).toBe(true);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: CENT });
  });

  it('does not happen while something is left to sell', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.03');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await drive(t, { tradeId, buyerId: buyer.id, sellerId: seller.id }, 'COMPLETED');
    expect(await order(orderId)).toMatchObject({ status: 'active', available_amount: '0.02000000' });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 2n * CENT });
  });
});
