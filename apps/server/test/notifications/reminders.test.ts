import { formatZonedTime } from '@p2p/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, reminders, trades } from '../../src/db/schema.ts';
import { RemindersService } from '../../src/modules/notifications/reminders.service.ts';
import { Scheduler } from '../../src/modules/scheduler/scheduler.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { adminLogin, signInStaff } from '../admin/factories.ts';
import { createOrder, createUser, fund, openTrade } from '../factories.ts';
import { createTestApp, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { tradeScenario } from '../payment-templates/setup.ts';
import { otherInstance } from '../races/support.ts';
import { type Call, startBotApi, telegramUser } from './bot-api-stub.ts';

/**
 * Reminders before deadlines (docs/decisions/030): each sent once, to the party who must act,
 * in the inbox and the bot, with the deadline in the recipient's own zone; none once the
 * action is done; none twice when two instances tick at once.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let api: Awaited<ReturnType<typeof startBotApi>>;
let calls: Call[];
let t: TestApp;
let tg: ReturnType<typeof telegramUser>;
let scheduler: Scheduler;
let chat = 7000;

beforeAll(async () => {
  api = await startBotApi();
  calls = api.calls;
  t = await createTestApp({
    TELEGRAM_API_ROOT: api.root,
    PUBLIC_URL: 'https://p2p.example',
    DISPUTE_SLA_HOURS: '24',
  });
  tg = telegramUser(t, calls);
  scheduler = schedulerOf(t.ctx);
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

const tradeOf = async (id: string) => {
  const trade = await findTrade(t.ctx.db, id);
  if (!trade) throw new Error(`trade ${id} missing`);
  return trade;
};

const remindersOf = (userId: string) =>
  t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'deadline_reminder')));

const textOf = (message: unknown) => String((message as Record<string, unknown> | undefined)?.text);

async function tick() {
  const result = await scheduler.tick();
  await tg.settle();
  return result;
}

async function setZone(headers: Record<string, string>, timeZone: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/me/time-zone',
    headers,
    payload: { timeZone },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('10 minutes before the payment deadline: the buyer', () => {
  it('is reminded once, in the inbox and the bot, with the time in their zone and the way to pay', async () => {
    const s = await tradeScenario(t);
    const buyerChat = chat++;
    await tg.connect(s.buyer, buyerChat);
    await setZone(s.buyer.headers, 'Asia/Yekaterinburg');
    const deadline = (await tradeOf(s.tradeId)).paymentDeadline;
    if (!deadline) throw new Error('no payment deadline');

    t.clock.set(new Date(deadline.getTime() - 11 * MINUTE));
    expect((await tick()).reminded).toBe(0);

    t.clock.set(new Date(deadline.getTime() - 10 * MINUTE));
    const before = tg.sentTo(buyerChat).length;
    expect((await tick()).reminded).toBe(1);
    const [row] = await remindersOf(s.buyer.userId);
    expect(row).toMatchObject({
      titleKey: 'remind.payment_due.title',
      deadline,
      link: `/trade/${s.tradeId}`,
      entityId: s.tradeId,
    });
    const local = formatZonedTime(deadline, 'Asia/Yekaterinburg', 'ru');
    expect(local).toMatch(/^\d\d:\d\d \(UTC\+5\)$/);
    const sent = tg.sentTo(buyerChat).slice(before);
    expect(sent).toHaveLength(1);
    const text = textOf(sent[0]);
    expect(text).toContain(`Сделка #${s.tradeId.slice(-8)}: срок оплаты скоро истечёт`);
    expect(text).toContain(`нажмите «Я оплатил» до ${local}`);
    expect(text).not.toContain('UTC ');
    expect(tg.buttons(sent[0] as Record<string, unknown>)).toEqual([
      { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      { text: 'Я оплатил', url: `https://p2p.example/trade/${s.tradeId}` },
    ]);
    // The seller, who has nothing to do, hears nothing.
    expect(await remindersOf(s.seller.userId)).toHaveLength(0);

    // Once per deadline: the next ticks send nothing more.
    t.clock.advance(2 * MINUTE);
    expect((await tick()).reminded).toBe(0);
    expect(await remindersOf(s.buyer.userId)).toHaveLength(1);
    expect(tg.sentTo(buyerChat).slice(before)).toHaveLength(1);

    // A deadline moved later is a new deadline: it may remind again.
    const extended = new Date(deadline.getTime() + 30 * MINUTE);
    await t.ctx.db.update(trades).set({ paymentDeadline: extended }).where(eq(trades.id, s.tradeId));
    t.clock.set(new Date(extended.getTime() - 5 * MINUTE));
    expect((await tick()).reminded).toBe(1);
    expect(await remindersOf(s.buyer.userId)).toHaveLength(2);
  });

  it('is not reminded once they marked the payment', async () => {
    const s = await tradeScenario(t);
    const deadline = (await tradeOf(s.tradeId)).paymentDeadline as Date;
    await s.act(s.buyer.userId, 'mark_paid');
    t.clock.set(new Date(deadline.getTime() - 5 * MINUTE));
    await tick();
    expect(await remindersOf(s.buyer.userId)).toHaveLength(0);
    expect(await t.ctx.db.select().from(reminders).where(eq(reminders.subjectId, s.tradeId))).toHaveLength(0);
  });
});

describe('5 minutes before auto-release: the seller', () => {
  it('is reminded once, in Moscow time by default, that they may still dispute or release', async () => {
    const s = await tradeScenario(t);
    const sellerChat = chat++;
    await tg.connect(s.seller, sellerChat);
    await s.act(s.buyer.userId, 'mark_paid');
    await s.act(s.seller.userId, 'confirm_payment');
    const releaseAt = (await tradeOf(s.tradeId)).autoReleaseAt as Date;

    t.clock.set(new Date(releaseAt.getTime() - 6 * MINUTE));
    await tick();
    expect(await remindersOf(s.seller.userId)).toHaveLength(0);

    t.clock.set(new Date(releaseAt.getTime() - 4 * MINUTE));
    const before = tg.sentTo(sellerChat).length;
    await tick();
    await tick();
    const rows = await remindersOf(s.seller.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.titleKey).toBe('remind.auto_release.title');
    const sent = tg.sentTo(sellerChat).slice(before);
    expect(sent).toHaveLength(1);
    const local = formatZonedTime(releaseAt, 'Europe/Moscow', 'ru');
    expect(local).toMatch(/^\d\d:\d\d МСК$/);
    expect(textOf(sent[0])).toContain(`откройте спор до ${local}`);
    expect(tg.buttons(sent[0] as Record<string, unknown>)[0]).toEqual({
      text: 'Открыть сделку',
      url: `https://p2p.example/trade/${s.tradeId}`,
    });
    expect(await remindersOf(s.buyer.userId)).toHaveLength(0);
  });

  it('is not reminded once the crypto was released', async () => {
    const s = await tradeScenario(t);
    await s.act(s.buyer.userId, 'mark_paid');
    await s.act(s.seller.userId, 'confirm_payment');
    const releaseAt = (await tradeOf(s.tradeId)).autoReleaseAt as Date;
    await s.act(s.seller.userId, 'release_crypto');
    t.clock.set(new Date(releaseAt.getTime() - 3 * MINUTE));
    await tick();
    expect(await remindersOf(s.seller.userId)).toHaveLength(0);
  });
});

/** A fresh staff token at the clock's time (the clock jumps past the last one's life). */
async function staffHeaders(email: string) {
  const res = await adminLogin(t.app, email);
  expect(res.statusCode, res.body).toBe(200);
  return { authorization: `Bearer ${res.json().data.accessToken as string}` };
}

/** A disputed trade with the case taken by a moderator. */
async function disputed() {
  const s = await tradeScenario(t);
  await s.act(s.buyer.userId, 'mark_paid');
  await s.act(s.buyer.userId, 'dispute_trade');
  const mod = await signInStaff(t, { role: 'moderator' });
  const take = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/disputes/${s.tradeId}/take`,
    headers: mod.headers,
  });
  expect(take.statusCode, take.body).toBe(200);
  return { ...s, mod };
}

async function askEvidence(
  s: Awaited<ReturnType<typeof disputed>>,
  party: 'buyer' | 'seller',
  hours: number,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/disputes/${s.tradeId}/evidence`,
    headers: s.mod.headers,
    payload: { party, text: 'Выписка по счёту за день сделки', hours },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; deadline: string };
}

describe('2 hours before an evidence deadline: the party asked', () => {
  it('is reminded once, in their zone, and not after answering', async () => {
    const s = await disputed();
    const sellerChat = chat++;
    await tg.connect(s.seller, sellerChat);
    await setZone(s.seller.headers, 'Europe/Berlin');
    const request = await askEvidence(s, 'seller', 12);
    const deadline = new Date(request.deadline);
    // The buyer is asked too, and answers at once with a chat message.
    const answered = await askEvidence(s, 'buyer', 4);
    const chatPost = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${s.tradeId}/messages`,
      headers: s.buyer.headers,
      payload: { content: 'Выписку прикладываю' },
    });
    expect(chatPost.statusCode, chatPost.body).toBe(200);
    // An answered request reminds nobody, even inside its window.
    t.clock.set(new Date(new Date(answered.deadline).getTime() - HOUR));
    await tick();
    expect(await remindersOf(s.buyer.userId)).toHaveLength(0);

    t.clock.set(new Date(deadline.getTime() - 2 * HOUR - MINUTE));
    await tick();
    expect(await remindersOf(s.seller.userId)).toHaveLength(0);

    t.clock.set(new Date(deadline.getTime() - 2 * HOUR));
    const before = tg.sentTo(sellerChat).length;
    await tick();
    await tick();
    const rows = await remindersOf(s.seller.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ titleKey: 'remind.evidence_due.title', deadline });
    const sent = tg.sentTo(sellerChat).slice(before);
    expect(sent).toHaveLength(1);
    // November in Berlin: UTC+1.
    const local = formatZonedTime(deadline, 'Europe/Berlin', 'ru');
    expect(local).toMatch(/\(UTC\+1\)$/);
    expect(textOf(sent[0])).toContain('Модератор просит: Выписка по счёту за день сделки');
    expect(textOf(sent[0])).toContain(`приложите чек до ${local}`);
    // The buyer was not asked.
    expect(await remindersOf(s.buyer.userId)).toHaveLength(0);
  });
});

describe('half of the dispute target time without a staff answer: the desk', () => {
  it('lists the case for its owner once, and not a case a moderator answered', async () => {
    const quiet = await disputed();
    const answered = await disputed();
    const line = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${answered.tradeId}/messages`,
      headers: answered.mod.headers,
      payload: { content: 'Здравствуйте, разбираемся' },
    });
    expect(line.statusCode, line.body).toBe(200);
    const openedAt = (await tradeOf(quiet.tradeId)).disputedAt as Date;

    t.clock.set(new Date(openedAt.getTime() + 12 * HOUR - MINUTE));
    await tick();
    const list = async () =>
      t.app.inject({
        url: '/api/v1/admin/disputes/reminders',
        headers: await staffHeaders(quiet.mod.staff.email),
      });
    expect((await list()).json().data.reminders).toEqual([]);

    t.clock.set(new Date(openedAt.getTime() + 12 * HOUR));
    await tick();
    await tick();
    const res = await list();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.reminders).toEqual([
      expect.objectContaining({
        tradeId: quiet.tradeId,
        trade: quiet.tradeId.slice(-8),
        deadline: new Date(openedAt.getTime() + 24 * HOUR).toISOString(),
        ownerId: quiet.mod.staff.id,
      }),
    ]);
    const rows = await t.ctx.db.select().from(reminders).where(eq(reminders.kind, 'dispute_sla'));
    expect(rows.map((r) => r.tradeId)).toEqual([quiet.tradeId]);
    // Another moderator does not see a case someone else owns.
    const other = await signInStaff(t, { role: 'moderator' });
    const theirs = await t.app.inject({
      url: '/api/v1/admin/disputes/reminders',
      headers: await staffHeaders(other.staff.email),
    });
    expect(theirs.json().data.reminders).toEqual([]);
    // No party's inbox got a staff reminder.
    expect(await remindersOf(quiet.buyer.userId)).toHaveLength(0);
  });
});

describe('two instances ticking at once', () => {
  it('send each reminder exactly once', async () => {
    const N = 20;
    const opened = await Promise.all(
      Array.from({ length: N }, async () => {
        const seller = await createUser(t.ctx);
        const buyer = await createUser(t.ctx);
        await fund(t.ctx, seller.id, 'BTC', '0.02');
        const { id: orderId } = await createOrder(t.ctx, seller.id, { amount_crypto: '0.02' });
        return { buyerId: buyer.id, tradeId: await openTrade(t.ctx, buyer.id, orderId, '50000') };
      }),
    );
    const deadlines = await Promise.all(
      opened.map(async (o) => (await tradeOf(o.tradeId)).paymentDeadline as Date),
    );
    const at = new Date(Math.max(...deadlines.map((d) => d.getTime())) - 10 * MINUTE);
    // Each instance's reminders write to the inbox whose sink is this app's bot.
    const inbox = t.app.notifications.inbox;
    const instances = [0, 1, 2].map(() => {
      const { ctx } = otherInstance(t.ctx, at);
      return new Scheduler(ctx, { ...servicesOf(ctx), reminders: new RemindersService(ctx, inbox) });
    });
    t.clock.set(at);
    const results = await Promise.all(instances.map((s) => s.tick()));
    expect(results.reduce((n, r) => n + r.failed, 0)).toBe(0);
    for (const o of opened) {
      expect(await remindersOf(o.buyerId)).toHaveLength(1);
      expect(await t.ctx.db.select().from(reminders).where(eq(reminders.subjectId, o.tradeId))).toHaveLength(
        1,
      );
    }
    // And a later tick of either finds nothing left to send for them.
    await Promise.all(instances.map((s) => s.tick()));
    for (const o of opened) expect(await remindersOf(o.buyerId)).toHaveLength(1);
  });
});
