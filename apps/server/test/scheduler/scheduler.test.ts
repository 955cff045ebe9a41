import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  openTrade,
  sellOrderScenario,
} from '../factories.ts';
import { createTestApp, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { type Api, api, buyOrderScenario, drive } from '../trades/support.ts';

// Timers (docs/product/trading-rules.md; docs/decisions/004): payment-deadline expiry, auto-release, order
// expiry. Time only moves through the manual clock; each check sits 1 ms before and at the
// due time. The clock only goes forward, so every test asserts on its own trades and orders.

let t: TestApp;
let http: Api;
let scheduler: Scheduler;
beforeAll(async () => {
  t = await createTestApp();
  http = api(t);
  scheduler = schedulerOf(t.ctx);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const MINUTE = 60_000;
const BTC = 100_000_000n;
const at = (iso: string | null, deltaMs = 0) => new Date(Date.parse(iso as string) + deltaMs);

async function view(tradeId: string, userId: string) {
  return http.trade(tradeId, userId);
}
async function orderOf(orderId: string) {
  return (await http.get(`/orders/${orderId}`, null)).json().data as {
    status: string;
    available_amount: string;
    locked_amount: string;
  };
}

describe('payment deadline', () => {
  it('cancels an unpaid trade exactly at its deadline and returns the escrow to the live order', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    const deadline = (await view(tradeId, buyer.id)).trade.paymentDeadline;
    expect(Date.parse(deadline) - t.clock.now().getTime()).toBe(30 * MINUTE);

    t.clock.set(at(deadline, -1));
    await scheduler.tick();
    expect((await view(tradeId, buyer.id)).trade.status).toBe('ESCROW_LOCKED');
    expect((await orderOf(orderId)).available_amount).toBe('0.99000000');

    t.clock.set(at(deadline));
    const result = await scheduler.tick();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const d = await view(tradeId, buyer.id);
    expect(d.trade.status).toBe('CANCELLED');
    expect(d.trade.cancelledAt).toBe(deadline);
    expect(d.escrow.status).toBe('refunded');
    expect(d.trade.actions.at(-1)).toMatchObject({
      actor: 'system',
      actorId: null,
      action: 'expire',
      fromStatus: 'ESCROW_LOCKED',
      toStatus: 'CANCELLED',
    });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
    expect((await orderOf(orderId)).available_amount).toBe('1.00000000');

    // Nothing left to do at this instant: a second pass moves nothing.
    expect(await scheduler.tick()).toEqual({
      expired: 0,
      released: 0,
      ordersExpired: 0,
      reminded: 0,
      failed: 0,
    });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: BTC });
  });

  it("follows the order's own time limit", async () => {
    const { buyer, orderId } = await sellOrderScenario(t.ctx, '1', { time_limit: 15 });
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    const opened = t.clock.now().getTime();
    t.clock.set(new Date(opened + 15 * MINUTE - 1));
    await scheduler.tick();
    expect((await view(tradeId, buyer.id)).trade.status).toBe('ESCROW_LOCKED');
    t.clock.set(new Date(opened + 15 * MINUTE));
    await scheduler.tick();
    expect((await view(tradeId, buyer.id)).trade.status).toBe('CANCELLED');
  });

  it("returns a buy-order taker's coins to their available balance", async () => {
    const { takerId, orderId } = await buyOrderScenario(t, '0.1', '0.05');
    const tradeId = await openTrade(t.ctx, takerId, orderId, '50000');
    expect(await balance(t.ctx, takerId)).toEqual({ available: 4_000_000n, locked: 1_000_000n });
    t.clock.advance(30 * MINUTE);
    await scheduler.tick();
    expect((await view(tradeId, takerId)).trade.status).toBe('CANCELLED');
    expect(await balance(t.ctx, takerId)).toEqual({ available: 5_000_000n, locked: 0n });
    expect((await orderOf(orderId)).available_amount).toBe('0.10000000');
  });

  it("returns the escrow of a deleted order's trade to the seller's available balance", async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await servicesOf(t.ctx).orders.cancel(seller.id, orderId);
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 99_000_000n, locked: 1_000_000n });
    t.clock.advance(30 * MINUTE);
    await scheduler.tick();
    expect((await view(tradeId, buyer.id)).trade.status).toBe('CANCELLED');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
  });

  it('leaves a trade the buyer marked as paid alone past the payment deadline', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await drive(t, { tradeId, buyerId: buyer.id, sellerId: seller.id }, 'PAYMENT_PENDING');
    t.clock.advance(6 * 60 * MINUTE);
    await scheduler.tick();
    const d = await view(tradeId, buyer.id);
    expect(d.trade.status).toBe('PAYMENT_PENDING');
    expect(d.escrow.status).toBe('locked');
  });
});

describe('auto-release', () => {
  it('completes a confirmed trade exactly at autoReleaseAt and pays the buyer', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '1');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await drive(t, { tradeId, buyerId: buyer.id, sellerId: seller.id }, 'PAYMENT_CONFIRMED');
    const autoReleaseAt = (await view(tradeId, buyer.id)).trade.autoReleaseAt;
    expect(Date.parse(autoReleaseAt as string) - t.clock.now().getTime()).toBe(15 * MINUTE);

    t.clock.set(at(autoReleaseAt, -1));
    await scheduler.tick();
    const early = await view(tradeId, buyer.id);
    expect(early.trade.status).toBe('PAYMENT_CONFIRMED');
    expect(early.trade.autoReleaseExecutedAt).toBeNull();
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 0n, locked: 0n });

    t.clock.set(at(autoReleaseAt));
    expect((await scheduler.tick()).released).toBeGreaterThanOrEqual(1);
    const d = await view(tradeId, buyer.id);
    expect(d.trade).toMatchObject({
      status: 'COMPLETED',
      autoReleaseExecutedAt: autoReleaseAt,
      completedAt: autoReleaseAt,
      feeAmount: '0.00001000',
    });
    expect(d.escrow.status).toBe('released');
    expect(d.trade.actions.at(-1)).toMatchObject({
      actor: 'system',
      action: 'auto_release',
      toStatus: 'COMPLETED',
    });
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 999_000n, locked: 0n });
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 99_000_000n });

    expect((await scheduler.tick()).released).toBe(0);
    expect(await balance(t.ctx, buyer.id)).toEqual({ available: 999_000n, locked: 0n });
  });

  it('completes the order when the auto-released trade was its last', async () => {
    const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.01');
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await drive(t, { tradeId, buyerId: buyer.id, sellerId: seller.id }, 'PAYMENT_CONFIRMED');
    t.clock.advance(15 * MINUTE);
    await scheduler.tick();
    expect((await view(tradeId, buyer.id)).trade.status).toBe('COMPLETED');
    expect((await orderOf(orderId)).status).toBe('completed');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: 0n, locked: 0n });
  });
});

describe('order expiry', () => {
  it('expires an order exactly at expires_at, releases its reserve and lets its open trade go on', async () => {
    const seller = (await createUser(t.ctx)).id;
    const buyer = (await createUser(t.ctx)).id;
    await fund(t.ctx, seller, 'BTC', '1');
    const { id: orderId, order } = await createOrder(t.ctx, seller, { amount_crypto: '1' });
    const { id: buyOrderId } = await createOrder(t.ctx, (await createUser(t.ctx)).id, { type: 'buy' });
    const expiresAt = order.expires_at;
    expect(Date.parse(expiresAt as string) - t.clock.now().getTime()).toBe(30 * 24 * 60 * MINUTE);
    // Keep a trade open across the expiry: mark it paid so its own deadline does not cancel it.
    const tradeId = await openTrade(t.ctx, buyer, orderId, '50000');
    await drive(t, { tradeId, buyerId: buyer, sellerId: seller }, 'PAYMENT_PENDING');

    t.clock.set(at(expiresAt, -1));
    await scheduler.tick();
    expect(await orderOf(orderId)).toMatchObject({ status: 'active', available_amount: '0.99000000' });
    const book = async () =>
      ((await http.get('/orders?type=sell&limit=100', null)).json().data.orders as { id: string }[]).map(
        (o) => o.id,
      );
    expect(await book()).toContain(orderId);
    expect(await balance(t.ctx, seller)).toEqual({ available: 0n, locked: BTC });

    t.clock.set(at(expiresAt));
    // Due but not yet processed: already out of the book and closed to new trades and resuming.
    expect(await book()).not.toContain(orderId);
    const late = await http.post('/trades', (await createUser(t.ctx)).id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(late.statusCode).toBe(400);
    expect((await http.put(`/orders/${orderId}/settings`, seller, { status: 'paused' })).statusCode).toBe(
      409,
    );
    await scheduler.tick();
    expect(await orderOf(orderId)).toMatchObject({ status: 'expired', locked_amount: '0.00000000' });
    expect(await book()).not.toContain(orderId);
    expect(await balance(t.ctx, seller)).toEqual({ available: 99_000_000n, locked: 1_000_000n });
    // A buy order expires as well, with no money to move.
    expect((await orderOf(buyOrderId)).status).toBe('expired');

    // The open trade is untouched and completes normally.
    expect((await view(tradeId, buyer)).trade.status).toBe('PAYMENT_PENDING');
    expect((await http.act(tradeId, seller, 'confirm_payment')).statusCode).toBe(200);
    expect((await http.act(tradeId, seller, 'release_crypto')).statusCode).toBe(200);
    expect(await balance(t.ctx, seller)).toEqual({ available: 99_000_000n, locked: 0n });
    expect(await balance(t.ctx, buyer)).toEqual({ available: 999_000n, locked: 0n });
    expect((await orderOf(orderId)).status).toBe('expired');
  });

  it('expires a paused order too, and releases its reserve', async () => {
    const { seller, orderId } = await sellOrderScenario(t.ctx, '1');
    await servicesOf(t.ctx).orders.setStatus(seller.id, orderId, 'paused');
    t.clock.advance(30 * 24 * 60 * MINUTE - 1);
    await scheduler.tick();
    expect((await orderOf(orderId)).status).toBe('paused');
    t.clock.advance(1);
    await scheduler.tick();
    expect((await orderOf(orderId)).status).toBe('expired');
    expect(await balance(t.ctx, seller.id)).toEqual({ available: BTC, locked: 0n });
  });
});

describe('several instances', () => {
  it('settle each due trade exactly once when two schedulers tick together', async () => {
    await scheduler.tick();
    const trades: { tradeId: string; buyerId: string; sellerId: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const { seller, buyer, orderId } = await sellOrderScenario(t.ctx, '0.1');
      const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
      const trade = { tradeId, buyerId: buyer.id, sellerId: seller.id };
      // Half expire unpaid, half are auto-released.
      if (i % 2) await drive(t, trade, 'PAYMENT_CONFIRMED');
      trades.push(trade);
    }
    t.clock.advance(30 * MINUTE);
    const results = await Promise.all([scheduler.tick(), schedulerOf(t.ctx).tick()]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.released, 0)).toBe(3);
    for (const [i, trade] of trades.entries()) {
      expect((await view(trade.tradeId, trade.buyerId)).trade.status).toBe(i % 2 ? 'COMPLETED' : 'CANCELLED');
      expect(await balance(t.ctx, trade.buyerId)).toEqual({ available: i % 2 ? 999_000n : 0n, locked: 0n });
    }
    await expectLedgerSound(t.ctx);
  });
});
