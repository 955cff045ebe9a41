import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, fund, openTrade, PAID } from '../factories.ts';
import { createTestApp, servicesOf, signInEnrolled, type TestApp } from '../helpers.ts';
import { api, payloadOf } from '../trades/support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

let seq = 0;
const who = (p: string) => signInEnrolled(t, `${p}${Date.now().toString(36)}${seq++}`);
const put = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/settings', headers, payload: payload as object });

describe('settings round trip and validation', () => {
  it('starts from the defaults, saves any subset and returns the whole', async () => {
    const u = await who('set');
    const first = await t.app.inject({ url: '/api/v1/users/settings', headers: u.headers });
    expect(first.json().data).toEqual({
      notifications: { telegram: true, trades: true, deposits: true, chat: true },
      privacy: { showOnline: true, showStats: true, allowMessages: true },
      trading: {
        autoReply: '',
        // The order form's window starts here: 30 minutes, as the FAQ says (docs/decisions/034).
        timeLimit: 30,
        minRating: 0,
        allowUnrated: true,
        hideOrdersAwayMinutes: null,
      },
      telegramConnected: false,
      updatedAt: null,
    });
    const saved = await put(u.headers, {
      trading: { minRating: 4.5, timeLimit: 30 },
      privacy: { showStats: false },
    });
    expect(saved.statusCode).toBe(200);
    const again = (await t.app.inject({ url: '/api/v1/users/settings', headers: u.headers })).json().data;
    expect(again.trading).toEqual({
      autoReply: '',
      timeLimit: 30,
      minRating: 4.5,
      allowUnrated: true,
      hideOrdersAwayMinutes: null,
    });
    expect(again.privacy.showStats).toBe(false);
    expect(again.updatedAt).toBe(t.clock.now().toISOString());
  });

  it("refuses out-of-range values with the settings form's messages and changes nothing", async () => {
    const u = await who('bad');
    const cases: [unknown, string][] = [
      [{ trading: { timeLimit: 4 } }, 'Время на оплату должно быть от 5 до 60 минут'],
      [{ trading: { timeLimit: 61 } }, 'Время на оплату должно быть от 5 до 60 минут'],
      [{ trading: { minRating: 5.1 } }, 'Минимальный рейтинг партнёра должен быть от 0 до 5 с шагом 0.1'],
      [{ trading: { minRating: 4.25 } }, 'Минимальный рейтинг партнёра должен быть от 0 до 5 с шагом 0.1'],
      [{ trading: { autoReply: 'x'.repeat(501) } }, 'Автоответ не должен превышать 500 символов'],
    ];
    for (const [body, message] of cases) {
      const res = await put(u.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await put(u.headers, { unknown: true })).statusCode).toBe(400);
    const now = (await t.app.inject({ url: '/api/v1/users/settings', headers: u.headers })).json().data;
    expect(now.updatedAt).toBeNull();
  });
});

describe('settings take effect', () => {
  it('minimum partner rating refuses an unrated taker only when unrated partners are not allowed, naming the rule', async () => {
    const owner = await who('own');
    const taker = await who('tak');
    await fund(t.ctx, owner.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '1' });
    await put(owner.headers, { trading: { minRating: 4 } });
    // No rating yet, unrated partners allowed (default): the trade opens.
    await openTrade(t.ctx, taker.userId, orderId);
    await put(owner.headers, { trading: { allowUnrated: false } });
    const refused = await api(t).post('/trades', taker.userId, {
      orderId,
      amountFiat: '5000',
      paymentMethod: 'sberbank',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'RULE_VIOLATION',
      error:
        'Владелец ордера принимает сделки только от пользователей с рейтингом не ниже 4.0: у вас ещё нет оценок.',
    });
  });

  it('a taker rated below the minimum is refused with their rating; at the minimum passes', async () => {
    const owner = await who('own');
    const taker = await who('tak');
    const rater = await who('rat');
    await fund(t.ctx, rater.userId, 'BTC', '1');
    await fund(t.ctx, owner.userId, 'BTC', '1');
    // The taker earns one 3-star review from a completed trade with the rater.
    const { id: raterOrder } = await createOrder(t.ctx, rater.userId, { amount_crypto: '1' });
    const done = await openTrade(t.ctx, taker.userId, raterOrder);
    const trades = servicesOf(t.ctx).trades;
    await trades.act(taker.userId, done, 'mark_paid', PAID);
    await trades.act(
      rater.userId,
      done,
      'confirm_payment',
      await payloadOf(t.ctx, 'confirm_payment', rater.userId),
    );
    await trades.act(rater.userId, done, 'release_crypto', {});
    await trades.review(rater.userId, done, 3, '');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '1' });
    await put(owner.headers, { trading: { minRating: 3.5 } });
    const body = { orderId, amountFiat: '5000', paymentMethod: 'sberbank' };
    const refused = await api(t).post('/trades', taker.userId, body, { 'accept-language': 'en' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(
      'The order owner accepts trades only from users rated 3.5 or higher: your rating is 3.0.',
    );
    await put(owner.headers, { trading: { minRating: 3 } });
    expect((await api(t).post('/trades', taker.userId, body)).statusCode).toBe(200);
  });

  it('auto-reply is posted into the chat of a trade opened on my order, as my message', async () => {
    const owner = await who('own');
    const taker = await who('tak');
    await fund(t.ctx, owner.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '1' });
    await put(owner.headers, { trading: { autoReply: 'Здравствуйте! Реквизиты пришлю в течение минуты.' } });
    const tradeId = await openTrade(t.ctx, taker.userId, orderId);
    await t.app.notifications.autoReply.idle();
    const chat = await api(t).get(`/trades/${tradeId}/messages`, taker.userId);
    const texts = chat.json().data.messages.filter((m: { type: string }) => m.type === 'TEXT');
    expect(texts).toEqual([
      expect.objectContaining({
        senderId: owner.userId,
        content: 'Здравствуйте! Реквизиты пришлю в течение минуты.',
      }),
    ]);
  });

  it('an auto-reply of blanks posts nothing, and two trades opened at once get theirs once each', async () => {
    const owner = await who('ow2');
    const quiet = await who('qui');
    const takers = [await who('tk1'), await who('tk2')];
    await fund(t.ctx, owner.userId, 'BTC', '1');
    await fund(t.ctx, quiet.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '1' });
    const { id: quietOrderId } = await createOrder(t.ctx, quiet.userId, { amount_crypto: '1' });
    await put(owner.headers, { trading: { autoReply: 'Добрый день' } });
    await put(quiet.headers, { trading: { autoReply: ' \n\t ' } });
    const [first, second, blank] = await Promise.all([
      openTrade(t.ctx, takers[0]?.userId as string, orderId),
      openTrade(t.ctx, takers[1]?.userId as string, orderId),
      openTrade(t.ctx, takers[0]?.userId as string, quietOrderId),
    ]);
    await t.app.notifications.autoReply.idle();
    const texts = async (tradeId: string, userId: string) =>
      (await api(t).get(`/trades/${tradeId}/messages`, userId))
        .json()
        .data.messages.filter((m: { type: string }) => m.type === 'TEXT')
        .map((m: { content: string }) => m.content);
    expect(await texts(first, takers[0]?.userId as string)).toEqual(['Добрый день']);
    expect(await texts(second, takers[1]?.userId as string)).toEqual(['Добрый день']);
    expect(await texts(blank, takers[0]?.userId as string)).toEqual([]);
  });

  it('privacy hides presence in the book and on the profile, and figures and reviews on the profile', async () => {
    const owner = await who('prv');
    await fund(t.ctx, owner.userId, 'BTC', '1');
    const { id: orderId } = await createOrder(t.ctx, owner.userId, { amount_crypto: '1' });
    const visible = (await api(t).get(`/orders/${orderId}`, null)).json().data;
    expect(['online', 'away', 'offline']).toContain(visible.user.online_status);
    await put(owner.headers, { privacy: { showOnline: false, showStats: false, allowMessages: false } });
    const hidden = (await api(t).get(`/orders/${orderId}`, null)).json().data;
    expect(hidden.user).toMatchObject({ online_status: null, last_seen: null });
    const profile = (await api(t).get(`/users/${owner.userId}`, null)).json().data;
    expect(profile.user).toMatchObject({
      online_status: null,
      last_seen: null,
      stats_visible: false,
      allow_messages: false,
      rating: null,
      completion_rate: null,
      total_volume: null,
    });
    expect(profile.reviews).toEqual([]);
  });
});
