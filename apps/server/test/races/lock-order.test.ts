import { feeFor } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOrder } from '../../src/modules/orders/orders.repository.ts';
import { balance, createOrder, createUser, expectLedgerSound, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { payloadOf } from '../trades/support.ts';
import { inBatches, report, settle, settlementsOf, tally, timed } from './support.ts';

/**
 * Lock order. Every money transaction must take its row locks in one order (trade, then
 * order, then balances sorted by account), or two of them can each hold what the other
 * waits for: PostgreSQL then kills one with a deadlock error, a 500 for a valid request.
 * These races mix releases (trade -> order -> balances) with order deletion and trade
 * opening (order -> balances) on the same order and the same seller.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(LAX_TRADE_LIMITS);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const N = 20;
const TRADE_BTC = 1_000_000n;
const MINUTE = 60_000;
/**
 * Set-up batches that confirm with codes: one user's codes in flight at once are at most the
 * five attempts of a window (docs/decisions/035), so the set-up sends no more than that.
 */
const CODE_BATCH = 5;

/** A seller's sell order of 1 BTC with `n` confirmed 0.01 BTC trades of different buyers. */
async function confirmedTrades(n: number) {
  const seller = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
  const trades = servicesOf(t.ctx).trades;
  const opened = await inBatches(n, CODE_BATCH, async () => {
    const buyer = await createUser(t.ctx);
    const tradeId = await openTrade(t.ctx, buyer.id, orderId, '50000');
    await trades.act(buyer.id, tradeId, 'mark_paid', PAID);
    await trades.act(
      seller.id,
      tradeId,
      'confirm_payment',
      await payloadOf(t.ctx, 'confirm_payment', seller.id),
    );
    return { buyerId: buyer.id, tradeId };
  });
  return { sellerId: seller.id, orderId, opened };
}

/** Why each failed call failed: the driver's message (e.g. "deadlock detected"), not the SQL. */
function failures(results: { ok: boolean; error?: unknown }[]) {
  return results
    .filter((r) => !r.ok)
    .map((r) => {
      const error = (r as { error: Error & { cause?: Error } }).error;
      return error.cause?.message ?? error.message;
    });
}

describe('lock order: releases against order deletion and new trades', () => {
  it('the seller deletes a sell order while releasing its confirmed trades: no deadlock', async () => {
    const trades = servicesOf(t.ctx).trades;
    const orders = servicesOf(t.ctx).orders;
    const { sellerId, orderId, opened } = await confirmedTrades(N);
    const calls: (() => Promise<unknown>)[] = opened.map(
      ({ tradeId }) =>
        () =>
          trades.act(sellerId, tradeId, 'release_crypto', {}),
    );
    calls.splice(N / 2, 0, () => orders.cancel(sellerId, orderId));

    const { result, ms } = await timed(() => Promise.all(calls.map((call) => settle(call()))));
    expect(failures(result)).toEqual([]);

    const fee = feeFor(TRADE_BTC, t.ctx.config.feePpm);
    for (const { buyerId } of opened) {
      expect(await balance(t.ctx, buyerId)).toEqual({ available: TRADE_BTC - fee, locked: 0n });
    }
    // Everything not sold came back to the seller when the order was deleted.
    expect(await balance(t.ctx, sellerId)).toEqual({
      available: 100_000_000n - BigInt(N) * TRADE_BTC,
      locked: 0n,
    });
    expect((await findOrder(t.ctx.db, orderId))?.status).toBe('cancelled');
    await expectLedgerSound(t.ctx);
    report(t.ctx, 'f1 order delete amid 20 releases', { ok: result.length, failed: 0 }, ms);
  });

  it('scheduler auto-release while the seller deletes the order: no deadlock', async () => {
    const orders = servicesOf(t.ctx).orders;
    const { sellerId, orderId, opened } = await confirmedTrades(N);
    t.clock.advance(16 * MINUTE);
    const schedulers = [schedulerOf(t.ctx), schedulerOf(t.ctx)];

    const { result, ms } = await timed(() =>
      Promise.all([...schedulers.map((s) => settle(s.tick())), settle(orders.cancel(sellerId, orderId))]),
    );
    expect(failures(result)).toEqual([]);
    const released = result
      .slice(0, schedulers.length)
      .reduce((sum, r) => sum + (r.ok ? (r.value as { released: number }).released : 0), 0);
    expect(released).toBe(N);
    const settlements = await settlementsOf(
      t.ctx,
      opened.map((o) => o.tradeId),
    );
    for (const { tradeId } of opened) expect(settlements.get(tradeId)).toEqual({ trade_release: 1 });
    expect(await balance(t.ctx, sellerId)).toEqual({
      available: 100_000_000n - BigInt(N) * TRADE_BTC,
      locked: 0n,
    });
    await expectLedgerSound(t.ctx);
    report(t.ctx, 'f2 order delete amid 2 schedulers auto-releasing 20', { released }, ms);
  });

  it('a taker-seller releases trades on a buy order while opening new ones on it: no deadlock', async () => {
    const trades = servicesOf(t.ctx).trades;
    const owner = await createUser(t.ctx);
    const taker = await createUser(t.ctx);
    await fund(t.ctx, taker.id, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, owner.id, { type: 'buy', amount_crypto: '1' });
    const first = await inBatches(N, CODE_BATCH, async () => {
      const tradeId = await openTrade(t.ctx, taker.id, orderId, '50000');
      await trades.act(owner.id, tradeId, 'mark_paid', PAID);
      await trades.act(
        taker.id,
        tradeId,
        'confirm_payment',
        await payloadOf(t.ctx, 'confirm_payment', taker.id),
      );
      return tradeId;
    });

    const calls = first.flatMap((tradeId): (() => Promise<unknown>)[] => [
      () => trades.act(taker.id, tradeId, 'release_crypto', {}),
      () => trades.open(taker.id, { orderId, amountFiat: '50000', paymentMethod: 'sberbank' }),
    ]);
    const { result, ms } = await timed(() => Promise.all(calls.map((call) => settle(call()))));
    expect(failures(result)).toEqual([]);

    const fee = feeFor(TRADE_BTC, t.ctx.config.feePpm);
    // 20 released to the owner, 20 more in escrow, the rest free.
    expect(await balance(t.ctx, owner.id)).toEqual({ available: BigInt(N) * (TRADE_BTC - fee), locked: 0n });
    expect(await balance(t.ctx, taker.id)).toEqual({
      available: 100_000_000n - 2n * BigInt(N) * TRADE_BTC,
      locked: BigInt(N) * TRADE_BTC,
    });
    expect((await findOrder(t.ctx.db, orderId))?.availableAmount).toBe(
      100_000_000n - 2n * BigInt(N) * TRADE_BTC,
    );
    await expectLedgerSound(t.ctx);
    report(
      t.ctx,
      'f3 20 releases + 20 opens on one buy order',
      { ...tally(result.map((r) => String(r.ok))) },
      ms,
    );
  });
});
