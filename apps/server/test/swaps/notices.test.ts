import { CreateWebhookRequest, type Cryptocurrency, type NotificationView } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookDispatcher } from '../../src/modules/webhooks/webhook-dispatcher.ts';
import { createUser, expectLedgerSound, fund, secondFactor } from '../factories.ts';
import { createTestApp, LAX_TRADE_LIMITS, servicesOf, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { startReceiver } from '../merchant-api/support.ts';
import { type Call, startBotApi, telegramUser } from '../notifications/bot-api-stub.ts';
import { swapApi } from './support.ts';

/**
 * Both parties of a swap hear of it (docs/decisions/038): an inbox entry, a message from the
 * bot, and a webhook event of its own, `swap:completed` — the maker above all, whose offer was
 * taken while they were away.
 */

let t: TestApp;
let stub: PriceStub;
let bot: Awaited<ReturnType<typeof startBotApi>>;
let calls: Call[];
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let s: ReturnType<typeof swapApi>;
beforeAll(async () => {
  stub = await startPriceStub();
  bot = await startBotApi();
  calls = bot.calls;
  receiver = await startReceiver();
  t = await createTestApp({
    ...LAX_TRADE_LIMITS,
    PRICE_API_URL: stub.url,
    TELEGRAM_API_ROOT: bot.root,
    PUBLIC_URL: 'https://p2p.example',
  });
  s = swapApi(t);
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  await receiver.close();
  await bot.close();
  await stub.close();
});

/** A user with `amount` of `asset` and a session, as the bot's link needs it. */
async function party(asset: Cryptocurrency, amount: string) {
  const user = await createUser(t.ctx);
  await fund(t.ctx, user.id, asset, amount);
  const { accessToken, refreshToken } = await t.ctx.sessions.start('user', user.id);
  return { userId: user.id, accessToken, refreshToken, headers: { authorization: `Bearer ${accessToken}` } };
}

async function inbox(userId: string): Promise<NotificationView[]> {
  await t.app.notifications.feed.idle();
  const res = await s.http.get('/notifications?limit=100', userId);
  expect(res.statusCode).toBe(200);
  return res.json().data.notifications;
}

describe('swap:completed', () => {
  it('reaches the maker and the taker in the inbox, from the bot and as a webhook event', async () => {
    const tg = telegramUser(t, calls);
    const maker = await party('BTC', '1');
    const taker = await party('USDT', '10000');
    await tg.connect(maker, 701);
    await tg.connect(taker, 702);
    const hooks = servicesOf(t.ctx).webhooks;
    for (const who of [maker, taker])
      await hooks.create(who.userId, {
        url: receiver.url,
        events: ['swap:completed'],
        totpCode: await secondFactor(t.ctx, who.userId),
      });

    const published = await s.publish(maker.userId);
    expect(published.statusCode, published.body).toBe(200);
    const orderId = published.json().data.id as string;
    const taken = await s.take(taker.userId, orderId, { amount_crypto: '0.01' });
    expect(taken.statusCode, taken.body).toBe(200);

    const [makerNote] = await inbox(maker.userId);
    expect(makerNote).toMatchObject({
      kind: 'swap_completed',
      category: 'funds',
      title: 'Обмен выполнен',
      message: 'Ваше объявление обмена исполнено: отдано 0.01000000 BTC, получено 970.00000000 USDT.',
      link: `/order/${orderId}`,
    });
    const [takerNote] = await inbox(taker.userId);
    expect(takerNote).toMatchObject({ kind: 'swap_completed', link: '/wallet' });
    expect(takerNote?.message).toMatch(/^Вы отдали 970\.00000000 USDT и получили 0\.0099\d+ BTC\.$/);

    await tg.settle();
    expect(tg.lastTo(701).text).toContain('Обмен выполнен');
    expect(tg.lastTo(701).text).toContain('Ваше объявление обмена исполнено');
    expect(tg.buttons(tg.lastTo(701))).toContainEqual({
      text: expect.any(String),
      url: `https://p2p.example/order/${orderId}`,
    });
    expect(tg.lastTo(702).text).toContain('Вы отдали');

    await t.app.webhooks.outbox.idle();
    receiver.received.length = 0;
    await new WebhookDispatcher(t.ctx).tick();
    const delivered = receiver.received.map((r) => JSON.parse(r.body));
    expect(delivered.map((b) => b.type)).toEqual(['swap:completed', 'swap:completed']);
    expect(receiver.received.map((r) => r.headers['x-event-type'])).toEqual([
      'swap:completed',
      'swap:completed',
    ]);
    expect(delivered.map((b) => b.data.role).sort()).toEqual(['maker', 'taker']);
    expect(delivered.find((b) => b.data.role === 'maker')?.data).toMatchObject({
      orderId,
      gave: { currency: 'BTC', amount: '0.01000000' },
      got: { currency: 'USDT', amount: '970.00000000' },
      remainderReturned: null,
    });
  });

  it('is an event a webhook can subscribe to', () => {
    const parsed = CreateWebhookRequest.safeParse({ url: receiver.url, events: ['swap:completed'] });
    expect(parsed.success).toBe(true);
  });
});
