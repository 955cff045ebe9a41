import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balance, expectLedgerSound } from '../factories.ts';
import { createTestApp, schedulerOf, type TestApp } from '../helpers.ts';
import { type Api, api, type Role, sellTradeIn } from './support.ts';

// Dispute rules (docs/product/trading-rules.md, docs/decisions/010) and the payment deadline of mark_paid.

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

const REASON = 'Пожалуйста, выберите причину спора';
const DETAILS = 'Пожалуйста, опишите ситуацию';
const REASONS: Record<Role, string[]> = {
  buyer: ['no_payment_received', 'wrong_amount', 'no_crypto_received', 'seller_not_responding', 'other'],
  seller: ['no_payment_received', 'wrong_amount', 'fake_proof', 'buyer_not_responding', 'other'],
};
const OTHER_SIDE_ONLY: Record<Role, string[]> = {
  buyer: ['fake_proof', 'buyer_not_responding'],
  seller: ['no_crypto_received', 'seller_not_responding'],
};

type Trade = Awaited<ReturnType<typeof sellTradeIn>>;
const userOf = (trade: Trade, role: Role) => (role === 'buyer' ? trade.buyerId : trade.sellerId);

async function state(trade: Trade) {
  const d = await http.trade(trade.tradeId, trade.buyerId);
  return {
    status: d.trade.status,
    actions: d.trade.actions.length,
    reason: d.trade.disputeReason,
    buyer: await balance(t.ctx, trade.buyerId),
    seller: await balance(t.ctx, trade.sellerId),
  };
}

describe('opening a dispute', () => {
  const accepted = (['buyer', 'seller'] as const).flatMap((role) =>
    REASONS[role].map((reasonId) => ({ role, reasonId })),
  );
  it.each(accepted)('accepts $reasonId from the $role', async ({ role, reasonId }) => {
    const trade = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
    const details = '  Деньги ушли, ответа нет  ';
    const res = await http.act(trade.tradeId, userOf(trade, role), 'dispute_trade', { reasonId, details });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.trade).toMatchObject({
      status: 'DISPUTED',
      disputeReason: reasonId,
      disputeDetails: 'Деньги ушли, ответа нет',
    });
    expect(d.trade.actions.at(-1)).toMatchObject({
      actor: role,
      action: 'dispute_trade',
      toStatus: 'DISPUTED',
    });
    expect(d.availableActions).toEqual([]);
    expect(d.escrow.status).toBe('locked');
  });

  describe('refusals (400, nothing changes)', () => {
    let trade: Trade;
    beforeAll(async () => {
      trade = await sellTradeIn(t, 'PAYMENT_PENDING');
    });

    const cases: { role: Role; payload: Record<string, unknown>; message: string; why: string }[] = [
      { role: 'buyer', payload: {}, message: REASON, why: 'no reason and no details' },
      { role: 'buyer', payload: { details: 'Не пришли деньги' }, message: REASON, why: 'no reason' },
      {
        role: 'seller',
        payload: { reasonId: '', details: 'Не пришли деньги' },
        message: REASON,
        why: 'an empty reason',
      },
      {
        role: 'buyer',
        payload: { reasonId: 'scam', details: 'Не пришли деньги' },
        message: REASON,
        why: 'an unknown reason',
      },
      { role: 'buyer', payload: { reasonId: 'other' }, message: DETAILS, why: 'no details' },
      { role: 'seller', payload: { reasonId: 'other', details: '' }, message: DETAILS, why: 'empty details' },
      {
        role: 'seller',
        payload: { reasonId: 'other', details: '   \n ' },
        message: DETAILS,
        why: 'blank details',
      },
      {
        role: 'buyer',
        payload: { reasonId: 'other', details: 42 },
        message: DETAILS,
        why: 'details as a number',
      },
      ...(['buyer', 'seller'] as const).flatMap((role) =>
        OTHER_SIDE_ONLY[role].map((reasonId) => ({
          role,
          payload: { reasonId, details: 'Описание ситуации' },
          message: REASON,
          why: `the other side's reason ${reasonId}`,
        })),
      ),
    ];
    it.each(cases)('$role with $why -> "$message"', async ({ role, payload, message }) => {
      const before = await state(trade);
      const res = await http.act(trade.tradeId, userOf(trade, role), 'dispute_trade', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: message, code: 'VALIDATION_ERROR' });
      expect(await state(trade)).toEqual(before);
    });

    it('refuses details over 1000 characters and accepts exactly 1000', async () => {
      const before = await state(trade);
      const long = await http.act(trade.tradeId, trade.buyerId, 'dispute_trade', {
        reasonId: 'other',
        details: 'я'.repeat(1001),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatch(/1000/);
      expect(await state(trade)).toEqual(before);
      const exact = await http.act(trade.tradeId, trade.buyerId, 'dispute_trade', {
        reasonId: 'other',
        details: 'я'.repeat(1000),
      });
      expect(exact.statusCode, exact.body).toBe(200);
      expect(exact.json().data.trade.disputeDetails).toHaveLength(1000);
    });
  });

  it('is refused before the buyer has paid, even with a valid payload', async () => {
    const trade = await sellTradeIn(t, 'ESCROW_LOCKED');
    for (const role of ['buyer', 'seller'] as const) {
      const res = await http.act(trade.tradeId, userOf(trade, role), 'dispute_trade', {
        reasonId: 'other',
        details: 'Слишком рано',
      });
      expect(res.statusCode).toBe(409);
    }
    expect((await state(trade)).status).toBe('ESCROW_LOCKED');
  });
});

describe('timers of a disputed trade', () => {
  it('do not fire: past the auto-release time and the payment deadline it stays DISPUTED with its escrow', async () => {
    const scheduler = schedulerOf(t.ctx);
    const disputedAfterConfirm = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
    await http.act(disputedAfterConfirm.tradeId, disputedAfterConfirm.sellerId, 'dispute_trade', {
      reasonId: 'fake_proof',
      details: 'Чек поддельный',
    });
    const disputedWhilePending = await sellTradeIn(t, 'DISPUTED');
    const control = await sellTradeIn(t, 'PAYMENT_CONFIRMED');
    const autoReleaseAt = (await http.trade(disputedAfterConfirm.tradeId, disputedAfterConfirm.buyerId)).trade
      .autoReleaseAt;
    expect(autoReleaseAt).not.toBeNull();
    const before = [await state(disputedAfterConfirm), await state(disputedWhilePending)];

    // Well past both the auto-release time (15 min) and the payment deadline (30 min).
    t.clock.set(new Date(Date.parse(autoReleaseAt as string) + 2 * 60 * 60_000));
    await scheduler.tick();

    expect([await state(disputedAfterConfirm), await state(disputedWhilePending)]).toEqual(before);
    const frozen = await http.trade(disputedAfterConfirm.tradeId, disputedAfterConfirm.buyerId);
    expect(frozen.trade.autoReleaseExecutedAt).toBeNull();
    expect(frozen.escrow.status).toBe('locked');
    // The same tick did release the undisputed trade, so the timers were live.
    expect((await state(control)).status).toBe('COMPLETED');
  });
});

describe('mark_paid and the payment deadline', () => {
  it('is accepted 1 ms before the deadline and refused with 409 at and after it', async () => {
    const early = await sellTradeIn(t, 'ESCROW_LOCKED');
    const atDeadline = await sellTradeIn(t, 'ESCROW_LOCKED');
    const late = await sellTradeIn(t, 'ESCROW_LOCKED');
    const deadline = Date.parse((await http.trade(early.tradeId, early.buyerId)).trade.paymentDeadline);
    expect(deadline).toBe(t.clock.now().getTime() + 30 * 60_000);

    t.clock.set(new Date(deadline - 1));
    const ok = await http.act(early.tradeId, early.buyerId, 'mark_paid');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.trade.status).toBe('PAYMENT_PENDING');

    t.clock.set(new Date(deadline));
    const before = await state(atDeadline);
    const refused = await http.act(atDeadline.tradeId, atDeadline.buyerId, 'mark_paid');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Действие недоступно');
    expect(await state(atDeadline)).toEqual(before);

    t.clock.set(new Date(deadline + 60_000));
    expect((await http.act(late.tradeId, late.buyerId, 'mark_paid')).statusCode).toBe(409);
    expect((await state(late)).status).toBe('ESCROW_LOCKED');
  });
});
