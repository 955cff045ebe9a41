import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors.ts';
import type { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import {
  balance,
  createOrder,
  createUser,
  expectLedgerSound,
  fund,
  openTrade,
  PAID,
  uniqueName,
} from '../factories.ts';
import { createTestApp, schedulerOf, servicesOf, signIn, type TestApp } from '../helpers.ts';
import {
  act,
  historiesOf,
  otherInstance,
  report,
  settle,
  settlementsOf,
  sleep,
  tally,
  timed,
} from './support.ts';

/**
 * Race (d): the payment-deadline expiry against the buyer's "paid" at the boundary.
 *
 * The API instance's clock reads deadline - 1 ms, so mark_paid is still allowed there; a
 * second instance's scheduler reads exactly the deadline, so the trade is due there. Both
 * lock the trade row; whichever gets it first decides, and the other must see the result:
 * mark_paid answers 409 on a cancelled trade, and the scheduler's claim (status =
 * ESCROW_LOCKED ... SKIP LOCKED) no longer matches a paid one. Never both, never neither.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const TRADES = 30;
const ROUNDS = 3;
const TRADE_BTC = 1_000_000n;
const MINUTE = 60_000;

/** One seller's 1 BTC order and `n` buyers' trades opened at the same instant. */
async function dueTrades(n: number) {
  const seller = await createUser(t.ctx);
  await fund(t.ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '1' });
  const opened: { buyerId: string; tradeId: string }[] = [];
  for (let i = 0; i < n; i++) {
    const buyer = await createUser(t.ctx);
    opened.push({ buyerId: buyer.id, tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000') });
  }
  const trade = await findTrade(t.ctx.db, opened[0]?.tradeId ?? '');
  const deadline = trade?.paymentDeadline ?? new Date(0);
  expect(deadline.getTime()).toBe(t.clock.now().getTime() + 30 * MINUTE);
  return { sellerId: seller.id, orderId, opened, deadline };
}

describe('race (d): expiry vs mark_paid at the payment deadline', () => {
  it('deadline - 1 ms vs a scheduler at the deadline: every trade ends in exactly one outcome', async () => {
    const trades = servicesOf(t.ctx).trades;
    const outcomes: string[] = [];
    let totalMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const { sellerId, opened, deadline } = await dueTrades(TRADES);
      t.clock.set(new Date(deadline.getTime() - 1));
      const a = schedulerOf(otherInstance(t.ctx, deadline).ctx);
      const b = schedulerOf(otherInstance(t.ctx, deadline).ctx);

      const { result, ms } = await timed(() =>
        Promise.all([
          a.tick(),
          b.tick(),
          ...opened.map(async ({ buyerId, tradeId }, i) => {
            await sleep(i * 8); // spread the buyers over the schedulers' run
            return settle(trades.act(buyerId, tradeId, 'mark_paid', PAID));
          }),
        ]),
      );
      totalMs += ms;
      const [ticksA, ticksB, ...paid] = result as [
        Awaited<ReturnType<Scheduler['tick']>>,
        Awaited<ReturnType<Scheduler['tick']>>,
        ...Awaited<ReturnType<typeof settle>>[],
      ];
      const ids = opened.map((o) => o.tradeId);
      const settlements = await settlementsOf(t.ctx, ids);
      const histories = await historiesOf(t.ctx, ids);
      let cancelled = 0;
      for (const [i, { buyerId, tradeId }] of opened.entries()) {
        const outcome = paid[i];
        if (!outcome) throw new Error(`no outcome for trade ${i}`);
        const trade = await findTrade(t.ctx.db, tradeId);
        if (outcome.ok) {
          // The buyer won: paid, no refund, and the expiry never touched it.
          expect(trade).toMatchObject({
            status: 'PAYMENT_PENDING',
            settlement: null,
            escrowAmount: TRADE_BTC,
          });
          expect(settlements.get(tradeId)).toBeUndefined();
          expect(histories.get(tradeId)).toEqual(['create', 'mark_paid']);
          outcomes.push('paid');
        } else {
          // The expiry won: cancelled with exactly one refund; "paid" was refused with 409.
          expect(outcome.error).toBeInstanceOf(AppError);
          expect((outcome.error as AppError).code).toBe('ACTION_NOT_AVAILABLE');
          expect(trade).toMatchObject({ status: 'CANCELLED', settlement: 'refunded', escrowAmount: 0n });
          expect(settlements.get(tradeId)).toEqual({ trade_refund: 1 });
          expect(histories.get(tradeId)).toEqual(['create', 'expire']);
          outcomes.push('expired');
          cancelled++;
        }
        expect(await balance(t.ctx, buyerId)).toEqual({ available: 0n, locked: 0n });
      }
      expect(ticksA.expired + ticksB.expired).toBe(cancelled);
      // Refunds went back into the live order's reserve: the seller's coin is all still locked.
      expect(await balance(t.ctx, sellerId)).toEqual({ available: 0n, locked: 100_000_000n });
      await expectLedgerSound(t.ctx);
      t.clock.set(new Date(deadline.getTime() + MINUTE));
    }
    report(
      t.ctx,
      'd1 mark_paid at deadline-1ms vs 2 schedulers at deadline',
      { trades: TRADES * ROUNDS, ...tally(outcomes) },
      totalMs,
    );
  });

  it('at exactly the deadline mark_paid is refused, and the expiry settles each trade once', async () => {
    const { opened, deadline } = await dueTrades(TRADES);
    const buyerName = uniqueName('db');
    const buyerId = (await signIn(t.app, buyerName)).userId;
    const seller = await createUser(t.ctx);
    await fund(t.ctx, seller.id, 'BTC', '0.1');
    const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.1' });
    const httpTrade = await openTrade(t.ctx, buyerId, orderId, '50000');
    t.clock.set(deadline);
    // Access tokens live 15 minutes: sign in again at the deadline.
    const buyer = await signIn(t.app, buyerName);

    // Over HTTP first: the refusal is a 409 that says why.
    const refused = await act(t.app, buyer, httpTrade, 'mark_paid');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ACTION_NOT_AVAILABLE',
      details: { reason: 'payment_deadline_passed' },
    });

    const trades = servicesOf(t.ctx).trades;
    const scheduler = schedulerOf(t.ctx);
    const { result, ms } = await timed(() =>
      Promise.all([
        scheduler.tick(),
        ...opened.map(({ buyerId, tradeId }) => settle(trades.act(buyerId, tradeId, 'mark_paid', PAID))),
      ]),
    );
    const [ticks, ...paid] = result as [Awaited<ReturnType<Scheduler['tick']>>, ...{ ok: boolean }[]];
    expect(paid.every((p) => !p.ok)).toBe(true);
    expect(ticks.expired).toBe(TRADES + 1);
    const ids = [...opened.map((o) => o.tradeId), httpTrade];
    const settlements = await settlementsOf(t.ctx, ids);
    const histories = await historiesOf(t.ctx, ids);
    for (const id of ids) {
      expect(settlements.get(id)).toEqual({ trade_refund: 1 });
      expect(histories.get(id)).toEqual(['create', 'expire']);
    }
    await expectLedgerSound(t.ctx);
    report(
      t.ctx,
      'd2 mark_paid at the deadline vs scheduler',
      { refused: paid.length, expired: ticks.expired },
      ms,
    );
  });
});
