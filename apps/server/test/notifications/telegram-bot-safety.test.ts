import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { signLoginWidget } from '../../src/modules/auth/telegram.ts';
import { chatOfUser, linkChat } from '../../src/modules/telegram/telegram.repository.ts';
import { findTrade } from '../../src/modules/trade-access/trade-access.repository.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { findTwoFactor, recoveryCodesLeft } from '../../src/modules/two-factor/two-factor.repository.ts';
import { createStaffMember } from '../admin/factories.ts';
import { secondFactor, TEST_TOTP_SECRET, uniqueName } from '../factories.ts';
import {
  createTestApp,
  servicesOf,
  signIn,
  signInEnrolled,
  TEST_BOT_TOKEN,
  type TestApp,
  withReauth,
} from '../helpers.ts';
import { tradeScenario } from '../payment-templates/setup.ts';
import { type Call, startBotApi, telegramUser } from './bot-api-stub.ts';

/**
 * Telegram is tied to its owner, and the bot follows the web's money rules (docs/decisions/023):
 * each attack of the threat model reproduced against a local Bot API server, and now harmless.
 */

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

let nextChat = 5_000;
const status = async (id: string) => (await findTrade(t.ctx.db, id))?.status;
/** Asks for a link with these headers as they are (a re-authentication in them or not). */
const linkAsIs = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/telegram/link', headers, ...(payload ? { payload } : {}) });
/** Asks for a link from a re-authenticated session of a development account (docs/decisions/033). */
const link = async (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  linkAsIs(await withReauth(t.app, headers), payload);

/** A trade the buyer marked paid, its seller's account connected to a chat of their own. */
async function paidTrade() {
  const s = await tradeScenario(t);
  const chat = nextChat++;
  await tg.connect(s.seller, chat);
  await s.act(s.buyer.userId, 'mark_paid');
  await tg.settle();
  return { ...s, chat };
}

/** The seller taps «Подтвердить получение» and confirms; answers the prompt the bot sent. */
async function askForCode(chat: number, tradeId: string, app?: FastifyInstance) {
  await tg.press(chat, `a:cr:${tradeId}`, app);
  await tg.press(chat, `y:cr:${tradeId}`, app);
  const prompt = tg.lastTo(chat);
  expect(prompt.text).toContain(`сделке #${tradeId.slice(-8)}`);
  expect(prompt.reply_markup).toMatchObject({ force_reply: true });
  return prompt.message_id;
}

describe('only the owner’s Telegram links an account made by Telegram sign-in', () => {
  it('a stolen access token links no other Telegram; the owner’s own still links with the same link', async () => {
    const ownerTelegram = 5_550_001;
    const fields = {
      id: String(ownerTelegram),
      first_name: 'Вера',
      auth_date: String(Math.floor(t.clock.now().getTime() / 1000)),
    };
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      payload: { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) },
    });
    expect(signedIn.statusCode).toBe(200);
    const { user, tokens } = signedIn.json().data;
    // The thief holds the access token (no two-factor on this account): no link without a
    // fresh Telegram sign-in of the account's own id (docs/decisions/033)...
    const stolen = { authorization: `Bearer ${tokens.accessToken}` };
    expect((await linkAsIs(stolen)).json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    t.clock.advance(1000);
    const again = { ...fields, auth_date: String(Math.floor(t.clock.now().getTime() / 1000)) };
    const reauth = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reauth',
      headers: stolen,
      payload: { telegram: { ...again, hash: signLoginWidget(again, TEST_BOT_TOKEN) } },
    });
    expect(reauth.statusCode, reauth.body).toBe(200);
    // ...and even a link the owner asked for links no Telegram but theirs.
    const issued = await linkAsIs({ ...stolen, 'x-reauth-token': reauth.json().data.reauthToken });
    expect(issued.statusCode, issued.body).toBe(200);
    const { token } = issued.json().data;
    // ...but another Telegram user's /start links nothing.
    const thief = 6_660_001;
    await tg.say(thief, `/start ${token}`);
    expect(tg.lastTo(thief).text).toContain('Этот Telegram не совпадает с аккаунтом');
    expect(await chatOfUser(t.ctx.db, user.id)).toBeNull();
    // The refusal did not spend the link: the owner opens it from their own Telegram.
    await tg.say(ownerTelegram, `/start ${token}`);
    expect(tg.lastTo(ownerTelegram).text).toContain('Бот подключён к аккаунту');
    expect((await chatOfUser(t.ctx.db, user.id))?.chatId).toBe(BigInt(ownerTelegram));
  });

  it('an account without a Telegram identity (dev sign-in) links from any chat; the chat it replaced is told', async () => {
    const s = await tradeScenario(t);
    const first = nextChat++;
    const second = nextChat++;
    await tg.connect(s.seller, first);
    await tg.connect(s.seller, second);
    expect((await chatOfUser(t.ctx.db, s.seller.userId))?.chatId).toBe(BigInt(second));
    expect(tg.lastTo(first).text).toContain('Бот отключен от вашего аккаунта: к нему подключили другой чат');
    // A chat already linked to another account stays refused.
    const other = await tradeScenario(t);
    const res = await link(other.seller.headers, { code: await secondFactor(t.ctx, other.seller.userId) });
    await tg.say(second, `/start ${res.json().data.token}`);
    expect(tg.lastTo(second).text).toBe('Этот чат уже подключён к другому аккаунту.');
    expect(await chatOfUser(t.ctx.db, other.seller.userId)).toBeNull();
  });
});

describe('a link is issued only with a fresh second-factor code when two-factor is on', () => {
  it('refuses no code, a wrong code and a step-up window; a fresh code issues it, once', async () => {
    const who = await signInEnrolled(t, uniqueName('lnk'));
    const missing = await link(who.headers);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      error: 'Введите код двухфакторной аутентификации, чтобы подключить Telegram',
      details: { reason: 'missing' },
    });
    const wrong = await link(who.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'invalid' } });
    // Wrong codes count towards the lock, as on every path.
    expect((await findTwoFactor(t.ctx.db, who.userId))?.failedAttempts).toBe(1);

    // A step-up window (opened by a code a minute ago) never covers a link.
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/2fa/step-up',
      headers: who.headers,
      payload: { code: await secondFactor(t.ctx, who.userId) },
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    expect((await link(who.headers)).json().details).toEqual({ reason: 'missing' });

    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    expect((await link(who.headers, { code })).statusCode).toBe(200);
    // The same time step does not pass twice, and the refusal says it was used (docs/decisions/035).
    expect((await link(who.headers, { code })).json().details).toEqual({ reason: 'used' });
  });

  it('an account without two-factor gets its link without a code', async () => {
    const who = await signIn(t.app, uniqueName('nof'));
    expect((await link(who.headers)).statusCode).toBe(200);
  });
});

describe('«Подтвердить получение» in the bot takes the second factor as a reply', () => {
  it('does nothing without the code, or with a wrong one; the right code confirms; the code message is deleted', async () => {
    const s = await paidTrade();
    const prompt = await askForCode(s.chat, s.tradeId);
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');

    const wrong = await tg.say(s.chat, '000000', { replyTo: prompt });
    expect(tg.lastTo(s.chat).text).toContain('Неверный код двухфакторной аутентификации');
    expect(tg.deleted(s.chat)).toContain(wrong);
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');
    expect((await findTwoFactor(t.ctx.db, s.seller.userId))?.failedAttempts).toBe(1);

    // Another try (a plain message: the prompt is still live); a TOTP code this time.
    const right = await tg.say(s.chat, await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()));
    expect(tg.deleted(s.chat)).toContain(right);
    expect(await status(s.tradeId)).toBe('PAYMENT_CONFIRMED');
    expect(tg.lastTo(s.chat).text).toBe('Получение оплаты подтверждено. Отправьте криптовалюту на сайте.');

    // The prompt is used up: another message is no code for anything.
    const before = tg.sentTo(s.chat).length;
    await tg.say(s.chat, await secondFactor(t.ctx, s.seller.userId));
    expect(tg.sentTo(s.chat).length).toBe(before);
  });

  it('takes a recovery code; a prompt expires after 5 minutes, and a reply to an older prompt is refused', async () => {
    const s = await paidTrade();
    let prompt = await askForCode(s.chat, s.tradeId);
    t.clock.advance(5 * 60_000 + 1_000);
    const code = await secondFactor(t.ctx, s.seller.userId);
    const left = await recoveryCodesLeft(t.ctx.db, s.seller.userId);
    await tg.say(s.chat, code, { replyTo: prompt });
    expect(tg.lastTo(s.chat).text).toBe('Запрос кода устарел. Нажмите «Подтвердить получение» еще раз.');
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');
    // The code was never tried: still unspent.
    expect(await recoveryCodesLeft(t.ctx.db, s.seller.userId)).toBe(left);

    const older = await askForCode(s.chat, s.tradeId);
    prompt = await askForCode(s.chat, s.tradeId);
    await tg.say(s.chat, code, { replyTo: older });
    expect(tg.lastTo(s.chat).text).toBe('Запрос кода устарел. Нажмите «Подтвердить получение» еще раз.');
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');
    await tg.say(s.chat, code, { replyTo: prompt });
    expect(await status(s.tradeId)).toBe('PAYMENT_CONFIRMED');
    expect(await recoveryCodesLeft(t.ctx.db, s.seller.userId)).toBe(left - 1);
  });

  it('a prompt asked on one instance is answered on another (the webhook may hit any)', async () => {
    const other = await buildApp(createContext(t.ctx.config, t.database, t.clock), { logger: false });
    await other.ready();
    try {
      const s = await paidTrade();
      const prompt = await askForCode(s.chat, s.tradeId, t.app);
      await tg.say(s.chat, await secondFactor(t.ctx, s.seller.userId), { replyTo: prompt, app: other });
      expect(await status(s.tradeId)).toBe('PAYMENT_CONFIRMED');
    } finally {
      await other.close();
    }
  });
});

describe('a blocked account’s chat can do nothing', () => {
  it('refuses every bot action and every link, even when a link survives the block', async () => {
    const s = await paidTrade();
    const prompt = await askForCode(s.chat, s.tradeId);
    // A link token issued before the block.
    const pending = (
      await link(s.seller.headers, { code: await secondFactor(t.ctx, s.seller.userId) })
    ).json().data.token;
    const staff = await createStaffMember(t);
    const actor = { staffId: staff.id, ipAddress: null, userAgent: null, idempotencyKey: undefined };
    await servicesOf(t.ctx).admin.users.block(actor, s.seller.userId, 'Проверка службы безопасности');
    // The block unlinked the chat...
    expect(await chatOfUser(t.ctx.db, s.seller.userId)).toBeNull();
    // ...and the token made before it links nothing.
    const fresh = nextChat++;
    await tg.say(fresh, `/start ${pending}`);
    expect(tg.lastTo(fresh).text).toContain('Аккаунт заблокирован');
    expect(await chatOfUser(t.ctx.db, s.seller.userId)).toBeNull();

    // Suppose the link survived anyway: the code reply and every press are refused.
    await linkChat(t.ctx.db, s.seller.userId, BigInt(s.chat), t.clock.now());
    await tg.say(s.chat, await secondFactor(t.ctx, s.seller.userId), { replyTo: prompt });
    expect(tg.lastTo(s.chat).text).toContain('Аккаунт заблокирован');
    await tg.press(s.chat, `a:cr:${s.tradeId}`);
    await tg.press(s.chat, `y:cr:${s.tradeId}`);
    expect(
      tg
        .answers()
        .slice(-2)
        .map((a) => a.text),
    ).toEqual(Array(2).fill('Аккаунт заблокирован: действия в боте недоступны. Обратитесь в поддержку'));
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');

    // The trade service itself refuses a caller without a session whose account is blocked.
    await expect(
      servicesOf(t.ctx).trades.act(s.seller.userId, s.tradeId, 'confirm_payment', {
        totpCode: await secondFactor(t.ctx, s.seller.userId),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await status(s.tradeId)).toBe('PAYMENT_PENDING');
  });
});
