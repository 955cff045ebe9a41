import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, type UserSettingsRow } from '../../src/db/schema.ts';
import { startParamOf } from '../../src/modules/telegram/mini-app.ts';
import { TelegramBot } from '../../src/modules/telegram/telegram-bot.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { createOrder, createUser, fund } from '../factories.ts';
import { createTestApp, servicesOf, signInEnrolled, type TestApp } from '../helpers.ts';
import { bankCard, createTemplate, tradeScenario } from '../payment-templates/setup.ts';
import { countStatements } from '../statements.ts';
import { api as tradesApi } from '../trades/support.ts';
import { type Call, startBotApi, telegramUser } from './bot-api-stub.ts';

let api: Awaited<ReturnType<typeof startBotApi>>;
let calls: Call[];
let t: TestApp;
let tg: ReturnType<typeof telegramUser>;

beforeAll(async () => {
  api = await startBotApi();
  calls = api.calls;
  t = await createTestApp({ TELEGRAM_API_ROOT: api.root, PUBLIC_URL: 'https://p2p.example' });
  tg = telegramUser(t, calls);
});
afterAll(async () => {
  await t?.close();
  await api?.close();
});

describe('Telegram bot against a local Bot API server', () => {
  it('connects by one-time link, sends the notifications with links, acts with confirmation, ignores strangers', async () => {
    const s = await tradeScenario(t);
    const token = await tg.connect(s.seller, 111);
    expect(tg.lastTo(111).text).toContain('Бот подключён к аккаунту');
    // The token works once.
    await tg.say(999, `/start ${token}`);
    expect(tg.lastTo(999).text).toContain('недействительна');
    await tg.connect(s.buyer, 222);
    const status = await t.app.inject({ url: '/api/v1/telegram/link', headers: s.buyer.headers });
    expect(status.json().data).toMatchObject({ botEnabled: true, connected: true });

    // The seller already has "new trade" in the inbox from before connecting; new events go out.
    const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/trades/${s.tradeId}/payment-template`,
      headers: s.seller.headers,
      payload: { templateId },
    });
    await tg.settle();
    const details = tg.lastTo(222);
    expect(details.text).toContain(`Реквизиты получены: сделка #${s.tradeId.slice(-8)}`);
    expect(details.text).toContain('Срок: до');
    // «Я оплатил» opens the trade page: paying is marked there, with the account paid from
    // (docs/decisions/023); the chat never marks a trade paid.
    expect(tg.buttons(details)).toEqual([
      { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      { text: 'Я оплатил', url: `https://p2p.example/trade/${s.tradeId}` },
    ]);

    // A stranger's chat (not connected) and the seller pressing the buyer's action do nothing.
    await tg.press(333, `y:mp:${s.tradeId}`);
    await tg.press(111, `y:mp:${s.tradeId}`);
    expect(
      tg
        .answers()
        .slice(-2)
        .map((a) => a.text),
    ).toEqual(['Действие недоступно.', 'Действие недоступно.']);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('ESCROW_LOCKED');

    // A «Я оплатил» button of a message sent before this change (callback data) only points
    // the buyer at the trade page.
    for (const data of [`a:mp:${s.tradeId}`, `y:mp:${s.tradeId}`]) {
      await tg.press(222, data);
      const pointer = tg.lastTo(222);
      expect(pointer.text).toContain('Оплату отмечают на странице сделки');
      expect(tg.buttons(pointer)).toEqual([
        { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      ]);
    }
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('ESCROW_LOCKED');

    // The buyer marks the payment on the website.
    await s.act(s.buyer.userId, 'mark_paid');
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    await tg.settle();
    const paid = tg.lastTo(111);
    expect(paid.text).toContain('Покупатель оплатил');
    expect(tg.buttons(paid).at(-1)).toEqual({
      text: 'Подтвердить получение',
      callback_data: `a:cr:${s.tradeId}`,
    });

    // The buyer cannot confirm receipt; nor can the seller's chat without the second factor
    // (a press alone is what a stolen or stale link could do: docs/decisions/023). The seller's
    // press asks for the code as a reply instead (telegram-bot-safety.test.ts goes on from there).
    await tg.press(222, `y:cr:${s.tradeId}`);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    await tg.press(111, `y:cr:${s.tradeId}`);
    expect((await findTrade(t.ctx.db, s.tradeId))?.status).toBe('PAYMENT_PENDING');
    const prompt = tg.lastTo(111);
    expect(prompt.text).toContain(`ответьте на это сообщение кодом`);
    expect(prompt.reply_markup).toMatchObject({ force_reply: true });
    // Release stays on the website: no button for it anywhere.
    expect(
      calls.flatMap((c) => (c.body.reply_markup ? tg.buttons(c.body) : [])).map((b) => b.text),
    ).not.toContain('Отправить криптовалюту');
  });

  it("tells a buy order's owner of a new trade without «Я оплатил»: the seller's details come first", async () => {
    const owner = await signInEnrolled(t, 'bot_buy_order_owner');
    await tg.connect(owner, 444);
    const taker = await createUser(t.ctx);
    await fund(t.ctx, taker.id, 'BTC', '0.05');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { type: 'buy', amount_crypto: '0.1' });
    const opened = await tradesApi(t).post('/trades', taker.id, {
      orderId,
      amountFiat: '50000',
      paymentMethod: 'sberbank',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    await tg.settle();
    const notice = tg.lastTo(444);
    expect(notice.text).toContain('Дождитесь реквизитов');
    expect(tg.buttons(notice).map((b) => b.text)).toEqual(['Открыть сделку']);
  });

  it('«Я оплатил» opens the trade in the Mini App when one is configured', async () => {
    const s = await tradeScenario(t);
    const chat = 555;
    await tg.connect(s.buyer, chat);
    const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/trades/${s.tradeId}/payment-template`,
      headers: s.seller.headers,
      payload: { templateId },
    });
    await tg.settle();
    // The same notification, sent by a bot configured with a Mini App.
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.buyer.userId), eq(notifications.kind, 'payment_details_sent')));
    const telegram = t.ctx.config.telegram;
    if (!row || !telegram) throw new Error('no notification to send');
    const miniAppUrl = 'https://t.me/p2p_test_bot/app';
    const config = { ...t.ctx.config, telegram: { ...telegram, miniAppUrl } };
    const bot = new TelegramBot(
      { ...t.ctx, config },
      { error: () => {}, warn: () => {} },
      servicesOf(t.ctx).bot,
    );
    // Under a new id: the chat got this notification already, and a bot sends one only once.
    void bot.deliver({ ...row, id: randomUUID() }, { notifyTelegram: true } as UserSettingsRow);
    await bot.idle();
    const app = `${miniAppUrl}?startapp=trade_${s.tradeId}`;
    expect(tg.buttons(tg.lastTo(chat))).toEqual([
      { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      { text: 'Открыть в приложении', url: app },
      { text: 'Я оплатил', url: app },
    ]);
  });

  it('opens every notice in the Mini App at its place: web_app buttons at the web app', async () => {
    const s = await tradeScenario(t);
    const chat = 556;
    await tg.connect(s.buyer, chat);
    const { id: templateId } = await createTemplate(t.app, s.seller, bankCard());
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/trades/${s.tradeId}/payment-template`,
      headers: s.seller.headers,
      payload: { templateId },
    });
    await tg.settle();
    const [row] = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.buyer.userId), eq(notifications.kind, 'payment_details_sent')));
    const telegram = t.ctx.config.telegram;
    if (!row || !telegram) throw new Error('no notification to send');
    // The Mini App configured by the web app's own address: buttons open it inside Telegram.
    const miniAppUrl = 'https://app.p2p.example';
    const config = { ...t.ctx.config, telegram: { ...telegram, miniAppUrl } };
    const bot = new TelegramBot(
      { ...t.ctx, config },
      { error: () => {}, warn: () => {} },
      servicesOf(t.ctx).bot,
    );
    // Under a new id: the chat got this notification already, and a bot sends one only once.
    void bot.deliver({ ...row, id: randomUUID() }, { notifyTelegram: true } as UserSettingsRow);
    await bot.idle();
    const atTrade = { url: `${miniAppUrl}/?tgWebAppStartParam=trade_${s.tradeId}` };
    expect(tg.buttons(tg.lastTo(chat))).toEqual([
      { text: 'Открыть сделку', url: `https://p2p.example/trade/${s.tradeId}` },
      { text: 'Открыть в приложении', web_app: atTrade },
      { text: 'Я оплатил', web_app: atTrade },
    ]);

    // A deposit's notice opens the wallet, on the website and in the Mini App.
    const deposit = {
      ...row,
      id: randomUUID(),
      kind: 'deposit_credited' as const,
      entityType: 'deposit' as const,
      entityId: randomUUID(),
      titleKey: 'notify.deposit_credited.title',
      messageKey: 'notify.deposit_credited.message',
      actionKey: null,
      values: { amount: '0.5', currency: 'ETH' },
      deadline: null,
      link: '/wallet',
    };
    void bot.deliver(deposit, { notifyTelegram: true } as UserSettingsRow);
    await bot.idle();
    const wallet = tg.lastTo(chat);
    expect(wallet.text).toContain('0.5 ETH');
    expect(tg.buttons(wallet)).toEqual([
      { text: 'Открыть', url: 'https://p2p.example/wallet' },
      { text: 'Открыть в приложении', web_app: { url: `${miniAppUrl}/?tgWebAppStartParam=wallet` } },
    ]);
    // Without a Mini App (the default) the same notice has the website's button only (another
    // notification: the chat got this one already, and a bot sends one only once).
    void t.app.notifications.bot?.deliver({ ...deposit, id: randomUUID() }, {
      notifyTelegram: true,
    } as UserSettingsRow);
    await tg.settle();
    expect(tg.buttons(tg.lastTo(chat))).toEqual([{ text: 'Открыть', url: 'https://p2p.example/wallet' }]);
  });

  it("knows each notice's place in the Mini App", () => {
    const id = randomUUID();
    const row = { entityType: null, entityId: null, link: '/' };
    expect(startParamOf({ ...row, entityType: 'trade', entityId: id, link: `/trade/${id}` })).toBe(
      `trade_${id}`,
    );
    expect(
      startParamOf({ ...row, entityType: 'withdrawal', entityId: id, link: '/withdrawals/history' }),
    ).toBe('wallet');
    expect(startParamOf({ ...row, link: `/order/${id}` })).toBe(`order_${id}`);
    expect(startParamOf({ ...row, link: '/wallet' })).toBe('wallet');
    expect(startParamOf({ ...row, link: '/notifications' })).toBeNull();
  });

  it("sets the chats' menu button to open the web app as the Mini App, over HTTPS only", async () => {
    const bot = t.app.notifications.bot;
    if (!bot) throw new Error('no bot');
    expect(await bot.setMenuButton()).toBe(true);
    expect(calls.filter((c) => c.method === 'setChatMenuButton').map((c) => c.body)).toEqual([
      { menu_button: { type: 'web_app', text: 'Приложение', web_app: { url: 'https://p2p.example' } } },
    ]);
    const telegram = t.ctx.config.telegram;
    if (!telegram) throw new Error('no bot config');
    // The Mini App's own address, when configured, is what the menu opens.
    const withApp = { ...t.ctx.config, telegram: { ...telegram, miniAppUrl: 'https://app.p2p.example/' } };
    await new TelegramBot(
      { ...t.ctx, config: withApp },
      { error: () => {}, warn: () => {} },
      servicesOf(t.ctx).bot,
    ).setMenuButton();
    expect(calls.filter((c) => c.method === 'setChatMenuButton').at(-1)?.body).toMatchObject({
      menu_button: { web_app: { url: 'https://app.p2p.example/' } },
    });
    // A local run over http: Telegram would refuse the address, so nothing is asked, and it is said.
    const warnings: string[] = [];
    const local = { ...t.ctx.config, publicUrl: 'http://127.0.0.1:3000' };
    const offline = new TelegramBot(
      { ...t.ctx, config: local },
      { error: () => {}, warn: (_o, m) => warnings.push(m) },
      servicesOf(t.ctx).bot,
    );
    const before = calls.length;
    expect(await offline.setMenuButton()).toBe(false);
    expect(calls.length).toBe(before);
    expect(warnings).toEqual(['telegram menu button not set: the web app is not served over HTTPS']);
  });

  it('refuses a webhook call without the secret token and sends nothing when Telegram is off for the user', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'wrong-secret-value-0000' },
      payload: {
        update_id: 1,
        message: { message_id: 1, date: 0, chat: { id: 1, type: 'private' }, text: 'x' },
      },
    });
    expect(forged.statusCode).toBe(401);
    // 401 before 400: without (or with a wrong) secret, a malformed body is never looked at.
    for (const headers of [{}, { 'x-telegram-bot-api-secret-token': 'wrong-secret-value-0000' }]) {
      for (const payload of [{}, { update_id: 'x' }, '[]']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/telegram/webhook', headers, payload });
        expect(res.statusCode, JSON.stringify({ headers, payload })).toBe(401);
        expect(res.json().code).toBe('UNAUTHORIZED');
      }
    }
    const s = await tradeScenario(t);
    await tg.settle();
    await tg.connect(s.seller, 444);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/settings',
      headers: s.seller.headers,
      payload: { notifications: { telegram: false } },
    });
    // The link's own security notice (sent whatever the settings) is out before counting.
    await tg.settle();
    const before = tg.sentTo(444).length;
    await s.act(s.buyer.userId, 'mark_paid');
    await tg.settle();
    expect(tg.sentTo(444).length).toBe(before);
    // ...while the inbox still has it.
    const inbox = await t.app.inject({ url: '/api/v1/notifications', headers: s.seller.headers });
    expect(inbox.json().data.notifications[0].kind).toBe('trade_paid');
  });

  it('claims no message for a user without a chat, and sends the next notice once they connect (docs/decisions/063)', async () => {
    const s = await tradeScenario(t);
    await tg.settle();
    // The seller has no chat with the bot: telling them costs the notice, never a claim.
    const told = await countStatements(t.database, async () => {
      await s.act(s.buyer.userId, 'mark_paid');
      await tg.settle();
    });
    expect(
      told.filter((q) => q.includes('telegram_sent')),
      told.join('\n---\n'),
    ).toEqual([]);
    const inbox = await t.app.inject({ url: '/api/v1/notifications', headers: s.seller.headers });
    expect(inbox.json().data.notifications[0].kind).toBe('trade_paid');
    // Connected, the next notice is claimed and sent.
    await tg.connect(s.buyer, 777);
    await tg.settle();
    const before = tg.sentTo(777).length;
    const sent = await countStatements(t.database, async () => {
      await s.act(s.seller.userId, 'confirm_payment');
      await tg.settle();
    });
    expect(sent.filter((q) => q.includes('INSERT INTO telegram_sent'))).toHaveLength(1);
    expect(tg.sentTo(777).length).toBe(before + 1);
    expect(tg.lastTo(777).text).toContain(s.tradeId.slice(-8));
  });
});
