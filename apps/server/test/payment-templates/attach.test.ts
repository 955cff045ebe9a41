import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import {
  bankCard,
  CARD_DIGITS,
  createTemplate,
  moneySnapshot,
  recordEvents,
  tradeScenario,
} from './setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const attach = (tradeId: string, headers: Record<string, string>, templateId: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/v1/trades/${tradeId}/payment-template`,
    headers,
    payload: { templateId },
  });
const tradeOf = async (tradeId: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ url: `/api/v1/trades/${tradeId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.trade;
};

describe('the seller sends payment details on a trade', () => {
  it('stores a snapshot both parties see in full, counts the use, tells both, moves no money', async () => {
    const s = await tradeScenario(t);
    const template = await createTemplate(t.app, s.seller);
    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentTemplate).toBeNull();
    const money = await moneySnapshot(t, [s.seller.userId, s.buyer.userId]);
    const rec = recordEvents(t);

    const res = await attach(s.tradeId, s.seller.headers, template.id);
    rec.stop();
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      templateId: template.id,
      name: 'Сбер основная',
      type: 'BANK_CARD',
      details: { bankName: 'Сбербанк', cardNumber: CARD_DIGITS, holderName: 'IVAN PETROV' },
      sentAt: t.clock.now().toISOString(),
    };
    expect(res.json().data.trade.paymentTemplate).toEqual(expected);
    expect(res.json().data.trade.status).toBe('ESCROW_LOCKED');
    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentTemplate).toEqual(expected);

    const payload = {
      tradeId: s.tradeId,
      templateId: template.id,
      message: 'Продавец предоставил данные для оплаты',
    };
    expect(rec.events).toEqual([
      { room: `user:${s.buyer.userId}`, event: 'trade:payment_template_attached', payload },
      { room: `user:${s.seller.userId}`, event: 'trade:payment_template_attached', payload },
    ]);

    const listed = (
      await t.app.inject({ url: '/api/v1/payment-templates', headers: s.seller.headers })
    ).json().data;
    expect(listed[0]).toMatchObject({
      id: template.id,
      usageCount: 1,
      lastUsedAt: t.clock.now().toISOString(),
    });
    expect(await moneySnapshot(t, [s.seller.userId, s.buyer.userId])).toEqual(money);

    // The snapshot survives edits and deletion of the template.
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/payment-templates/${template.id}`,
      headers: s.seller.headers,
      payload: bankCard({
        name: 'Другая',
        details: { bankName: 'ВТБ', cardNumber: '4111 1111 1111 1111', holderName: 'X' },
      }),
    });
    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentTemplate.details.bankName).toBe('Сбербанк');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/payment-templates/${template.id}`,
      headers: s.seller.headers,
    });
    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentTemplate).toMatchObject({
      templateId: null,
      name: 'Сбер основная',
    });
  });

  it('can resend other details while the buyer pays; the latest one is shown', async () => {
    const s = await tradeScenario(t);
    const first = await createTemplate(t.app, s.seller);
    const second = await createTemplate(t.app, s.seller, {
      name: 'СБП',
      type: 'SBP',
      details: { phone: '+79990001122', bankName: 'Т' },
    });
    expect((await attach(s.tradeId, s.seller.headers, first.id)).statusCode).toBe(200);
    await s.act(s.buyer.userId, 'mark_paid');
    t.clock.advance(1000);
    const res = await attach(s.tradeId, s.seller.headers, second.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.trade).toMatchObject({
      status: 'PAYMENT_PENDING',
      paymentTemplate: { templateId: second.id, type: 'SBP' },
    });
  });
});

describe('who may send details, and when', () => {
  it('refuses the buyer (403), strangers (404) and templates that are not the seller’s (404)', async () => {
    const s = await tradeScenario(t);
    const sellers = await createTemplate(t.app, s.seller);
    const buyers = await createTemplate(t.app, s.buyer);
    const money = await moneySnapshot(t, [s.seller.userId, s.buyer.userId]);

    const byBuyer = await attach(s.tradeId, s.buyer.headers, buyers.id);
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().code).toBe('FORBIDDEN');
    expect((await attach(s.tradeId, s.stranger.headers, sellers.id)).statusCode).toBe(404);
    const foreign = await attach(s.tradeId, s.seller.headers, buyers.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('Способ оплаты не найден');
    const missing = await attach(s.tradeId, s.seller.headers, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(
      (await attach('00000000-0000-4000-8000-000000000000', s.seller.headers, sellers.id)).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: `/api/v1/trades/${s.tradeId}/payment-template`,
          payload: { templateId: sellers.id },
        })
      ).statusCode,
    ).toBe(401);

    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentTemplate).toBeNull();
    expect(await moneySnapshot(t, [s.seller.userId, s.buyer.userId])).toEqual(money);
    const listed = (
      await t.app.inject({ url: '/api/v1/payment-templates', headers: s.seller.headers })
    ).json().data;
    expect(listed[0].usageCount).toBe(0);
  });

  it('refuses an inactive template', async () => {
    const s = await tradeScenario(t);
    const template = await createTemplate(t.app, s.seller, bankCard({ isActive: false }));
    const res = await attach(s.tradeId, s.seller.headers, template.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Способ оплаты неактивен');
  });

  it('answers 409 once the payment is confirmed, and on finished trades', async () => {
    const s = await tradeScenario(t);
    const template = await createTemplate(t.app, s.seller);
    await s.act(s.buyer.userId, 'mark_paid');
    await s.act(s.seller.userId, 'confirm_payment');
    const confirmed = await attach(s.tradeId, s.seller.headers, template.id);
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ code: 'ACTION_NOT_AVAILABLE', error: 'Действие недоступно' });
    // the buyer is still refused for who they are, not for the state
    expect((await attach(s.tradeId, s.buyer.headers, template.id)).statusCode).toBe(403);

    const c = await tradeScenario(t);
    const other = await createTemplate(t.app, c.seller);
    await c.act(c.seller.userId, 'cancel_trade');
    expect((await attach(c.tradeId, c.seller.headers, other.id)).statusCode).toBe(409);
    expect((await tradeOf(c.tradeId, c.seller.headers)).paymentTemplate).toBeNull();
  });
});

describe("the buyer's payment window starts when the first details arrive (docs/decisions/034)", () => {
  it('restarts the deadline at the first details only, by the same window, and never after it passed', async () => {
    const s = await tradeScenario(t);
    const template = await createTemplate(t.app, s.seller);
    const opened = await tradeOf(s.tradeId, s.buyer.headers);
    const window = Date.parse(opened.paymentDeadline) - Date.parse(opened.createdAt);
    expect(window).toBeGreaterThan(0);

    t.clock.advance(4 * 60_000);
    expect((await attach(s.tradeId, s.seller.headers, template.id)).statusCode).toBe(200);
    const sentAt = t.clock.now().getTime();
    const first = await tradeOf(s.tradeId, s.buyer.headers);
    expect(Date.parse(first.paymentDeadline)).toBe(sentAt + window);

    // Sending again (another method, a correction) does not buy more time.
    t.clock.advance(2 * 60_000);
    expect((await attach(s.tradeId, s.seller.headers, template.id)).statusCode).toBe(200);
    expect((await tradeOf(s.tradeId, s.buyer.headers)).paymentDeadline).toBe(first.paymentDeadline);

    // Details sent after the opening's deadline passed revive nothing: the expiry job owns it.
    const late = await tradeScenario(t);
    const lateTemplate = await createTemplate(t.app, late.seller);
    const passed = new Date(t.clock.now().getTime() - 1000);
    await t.ctx.db.execute(sql`UPDATE trades SET payment_deadline = ${passed} WHERE id = ${late.tradeId}`);
    const lateOpened = await tradeOf(late.tradeId, late.buyer.headers);
    expect((await attach(late.tradeId, late.seller.headers, lateTemplate.id)).statusCode).toBe(200);
    expect((await tradeOf(late.tradeId, late.buyer.headers)).paymentDeadline).toBe(
      lateOpened.paymentDeadline,
    );
  });
});
