import type { NotificationView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../admin/factories.ts';
import { createTestApp, schedulerOf, servicesOf, type TestApp } from '../helpers.ts';
import { bankCard, createTemplate, tradeScenario } from '../payment-templates/setup.ts';
import { api, buyOrderScenario, DISPUTE } from '../trades/support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Session = { userId: string; headers: Record<string, string> };

async function inbox(who: Session, lang = 'ru'): Promise<NotificationView[]> {
  await t.app.notifications.feed.idle();
  const res = await t.app.inject({
    url: '/api/v1/notifications?limit=100',
    // Fresh tokens: some tests move the clock past the access token's life.
    headers: { ...(await api(t).auth(who.userId)), 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.notifications;
}

const kinds = async (who: Session) => (await inbox(who)).map((n) => n.kind);

describe('who gets which notification, transition by transition', () => {
  it('a seller takes a buy order: its owner is told to wait for the details, not to pay yet', async () => {
    const { ownerId, takerId, orderId } = await buyOrderScenario(t);
    const opened = await api(t).post('/trades', takerId, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const [notice] = await inbox({ userId: ownerId, headers: {} });
    expect(notice?.kind).toBe('trade_opened');
    // Nothing to pay to yet: the seller acts first (docs/decisions/034).
    expect(notice?.action).toBe(
      'Дождитесь реквизитов: продавец пришлёт их в течение 30 минут. Затем переведите 50000.00 RUB и нажмите «Я оплатил».',
    );
  });

  it('new trade, details, paid, confirmed, released: the party who must act, with deadline and link; a third user none', async () => {
    const s = await tradeScenario(t);
    const seller = await inbox(s.seller);
    expect(seller).toHaveLength(1);
    const opened = seller[0] as NotificationView;
    const trade = await servicesOf(t.ctx).trades.details(s.seller.userId, s.tradeId);
    expect(opened).toMatchObject({
      kind: 'trade_opened',
      entityType: 'trade',
      entityId: s.tradeId,
      link: `/trade/${s.tradeId}`,
      deadline: trade.trade.paymentDeadline,
      readAt: null,
    });
    expect(opened.title).toBe(`Новая сделка #${s.tradeId.slice(-8)}`);
    expect(opened.action).toBe('Отправьте покупателю реквизиты; оплата ожидается в течение 30 минут.');
    expect(await kinds(s.buyer)).toEqual([]);

    const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
    const attach = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/trades/${s.tradeId}/payment-template`,
      headers: s.seller.headers,
      payload: { templateId },
    });
    expect(attach.statusCode).toBe(200);
    const [details] = await inbox(s.buyer);
    expect(details).toMatchObject({ kind: 'payment_details_sent', deadline: trade.trade.paymentDeadline });
    expect(details?.action).toContain('«Я оплатил»');

    await s.act(s.buyer.userId, 'mark_paid');
    // Past the payment step: the details notice no longer counts down to the payment deadline.
    expect((await inbox(s.buyer))[0]).toMatchObject({ kind: 'payment_details_sent', deadline: null });
    const [paid] = await inbox(s.seller);
    const afterPaid = await servicesOf(t.ctx).trades.details(s.seller.userId, s.tradeId);
    expect(paid).toMatchObject({ kind: 'trade_paid', deadline: afterPaid.trade.confirmationDeadline });
    expect(paid?.action).toBe('Проверьте поступление и подтвердите получение в течение 15 минут.');
    expect(await kinds(s.buyer)).toEqual(['payment_details_sent']);

    await s.act(s.seller.userId, 'confirm_payment');
    const [confirmed] = await inbox(s.buyer);
    const afterConfirm = await servicesOf(t.ctx).trades.details(s.buyer.userId, s.tradeId);
    expect(confirmed).toMatchObject({
      kind: 'payment_confirmed',
      deadline: afterConfirm.trade.autoReleaseAt,
    });

    await s.act(s.seller.userId, 'release_crypto');
    const [released] = await inbox(s.buyer);
    // What the buyer got: the amount less the platform fee (0.1%).
    expect(released).toMatchObject({ kind: 'trade_released', message: 'Вы получили 0.00099900 BTC.' });
    // The seller released himself: nothing new for him.
    expect(await kinds(s.seller)).toEqual(['trade_paid', 'trade_opened']);
    expect(await kinds(s.stranger)).toEqual([]);
    // The trade is finished: no notice of it counts down any more, the stored rows keep theirs
    // (docs/decisions/034).
    for (const who of [s.buyer, s.seller]) {
      for (const n of await inbox(who)) expect(n.deadline, n.kind).toBeNull();
    }
    // English reader, same rows.
    const [english] = await inbox(s.buyer, 'en');
    expect(english?.message).toBe('You received 0.00099900 BTC.');
  });

  it('cancel tells the other party only; expiry tells both', async () => {
    const a = await tradeScenario(t);
    await a.act(a.buyer.userId, 'cancel_trade');
    expect(await kinds(a.seller)).toEqual(['trade_cancelled', 'trade_opened']);
    expect(await kinds(a.buyer)).toEqual([]);

    const b = await tradeScenario(t);
    t.clock.advance(31 * 60_000);
    await schedulerOf(t.ctx, { log: { error: () => {} } }).tick();
    expect(await kinds(b.buyer)).toEqual(['trade_expired']);
    expect((await kinds(b.seller))[0]).toBe('trade_expired');
    expect(await kinds(b.stranger)).toEqual([]);
  });

  it('dispute tells the other party what to do; resolution tells both', async () => {
    const s = await tradeScenario(t);
    await s.act(s.buyer.userId, 'mark_paid');
    await servicesOf(t.ctx).trades.act(s.buyer.userId, s.tradeId, 'dispute_trade', DISPUTE);
    const [disputed] = await inbox(s.seller);
    // The spec's words for a dispute: «Открыт спор».
    expect(disputed).toMatchObject({
      kind: 'trade_disputed',
      title: `Открыт спор: сделка #${s.tradeId.slice(-8)}`,
    });
    expect(disputed?.action).toContain('модератор');
    expect(await kinds(s.buyer)).toEqual([]);
    const staff = await signInStaff(t);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/trades/${s.tradeId}/resolve`,
      headers: staff.headers,
      payload: { outcome: 'refund', note: 'Оплата не подтверждена банком' },
    });
    expect(res.statusCode).toBe(200);
    expect((await inbox(s.buyer))[0]).toMatchObject({
      kind: 'dispute_resolved',
      message: 'Модератор завершил спор: 0.00100000 BTC возвращены продавцу.',
    });
    expect((await kinds(s.seller))[0]).toBe('dispute_resolved');
    expect(await kinds(s.stranger)).toEqual([]);
  });

  it('a chat message reaches the inbox of a recipient who is away, not of one who is connected', async () => {
    const s = await tradeScenario(t);
    const send = (from: Session, content: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/trades/${s.tradeId}/messages`,
        headers: from.headers,
        payload: { content },
      });
    expect((await send(s.buyer, 'Здравствуйте, перевожу')).statusCode).toBe(200);
    const [message] = await inbox(s.seller);
    // The spec's words for a message: «Сообщение в сделке …».
    expect(message).toMatchObject({
      kind: 'chat_message',
      title: `Сообщение в сделке #${s.tradeId.slice(-8)}`,
      message: expect.stringContaining('Здравствуйте, перевожу'),
    });
    const presence = t.ctx.presence;
    t.ctx.presence = async (userId) => userId === s.seller.userId;
    try {
      expect((await send(s.buyer, 'Вы здесь?')).statusCode).toBe(200);
      expect((await kinds(s.seller)).filter((k) => k === 'chat_message')).toHaveLength(1);
    } finally {
      t.ctx.presence = presence;
    }
  });
});

describe('inbox API', () => {
  it('pages, counts unread, marks one and all read; someone else cannot mark mine', async () => {
    const s = await tradeScenario(t);
    await s.act(s.buyer.userId, 'mark_paid');
    const all = await inbox(s.seller);
    expect(all.map((n) => n.kind)).toEqual(['trade_paid', 'trade_opened']);
    const page = await t.app.inject({ url: '/api/v1/notifications?limit=1', headers: s.seller.headers });
    expect(page.json().data).toMatchObject({ total: 2, unreadCount: 2, hasNext: true, limit: 1 });
    const id = all[1]?.id as string;
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${id}/read`,
      headers: s.buyer.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${id}/read`,
      headers: s.seller.headers,
    });
    expect(read.json().data.readAt).not.toBeNull();
    const count = await t.app.inject({
      url: '/api/v1/notifications/unread-count',
      headers: s.seller.headers,
    });
    expect(count.json().data).toEqual({ unreadCount: 1 });
    const unread = await t.app.inject({
      url: '/api/v1/notifications?unread=true',
      headers: s.seller.headers,
    });
    expect(unread.json().data.notifications.map((n: NotificationView) => n.kind)).toEqual(['trade_paid']);
    const allRead = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read-all',
      headers: s.seller.headers,
    });
    expect(allRead.json().data).toEqual({ updated: 1, unreadCount: 0 });
  });

  it('emits notification:new to the user room with the unread count', async () => {
    const events: { room: string; event: string; payload: unknown }[] = [];
    const off = t.ctx.notifier.subscribe((e) => events.push(e));
    try {
      const s = await tradeScenario(t);
      await t.app.notifications.feed.idle();
      const mine = events.filter((e) => e.event === 'notification:new');
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({
        room: `user:${s.seller.userId}`,
        payload: { unreadCount: 1, notification: { kind: 'trade_opened' } },
      });
    } finally {
      off();
    }
  });

  it('a kind switched off in the settings is not stored', async () => {
    const s = await tradeScenario(t);
    // The opening's notice is delivered (its gathering window over: docs/decisions/061) before
    // the seller switches trade notices off.
    await t.app.notifications.feed.idle();
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/settings',
      headers: s.seller.headers,
      payload: { notifications: { trades: false } },
    });
    expect(off.statusCode).toBe(200);
    await s.act(s.buyer.userId, 'mark_paid');
    expect(await kinds(s.seller)).toEqual(['trade_opened']);
  });
});
