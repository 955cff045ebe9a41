import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, signInEnrolled, type TestApp } from '../helpers.ts';
import { type Call, startBotApi, telegramUser } from './bot-api-stub.ts';

/**
 * Security notices in the linked chat with «Это не я» (docs/decisions/033, "Security events"):
 * the button asks once more, then ends every session of the chat's own account and opens the
 * case; a chat cannot answer for a notice of another account.
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

const noticeIdOf = (body: Record<string, unknown>) =>
  (tg.buttons(body).find((b) => b.text === 'Это не я')?.callback_data ?? '').slice('nm:'.length);

describe('«Это не я» in Telegram', () => {
  it('tells of the link and of a new sign-in, and one press after a confirmation ends every session', async () => {
    const owner = await signInEnrolled(t, 'tg_notme_owner');
    await tg.connect(owner, 4_401);
    await tg.settle();
    const linked = tg
      .sentTo(4_401)
      .find((m) => String((m as { text?: unknown }).text).startsWith('Подключен Telegram'));
    expect(linked, 'the link itself is a security event').toBeDefined();

    await signIn(t.app, 'tg_notme_owner');
    await tg.settle();
    const notice = tg.lastTo(4_401);
    expect(notice.text).toContain('Новый вход в аккаунт');
    expect(notice.text).toContain('Место: локальная сеть.');
    const noticeId = noticeIdOf(notice);
    expect(noticeId).toMatch(/^[0-9a-f-]{36}$/);

    // Another linked account's chat cannot answer for this notice.
    const stranger = await signInEnrolled(t, 'tg_notme_stranger');
    await tg.connect(stranger, 4_402);
    // Its own link's notice is sent first (the relay gathers events for 10 ms: docs/decisions/061).
    await tg.settle();
    await tg.press(4_402, `nmy:${noticeId}`);
    expect(tg.lastTo(4_402).text).toBe('Уведомление о событии безопасности не найдено');
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: owner.headers })).statusCode).toBe(200);

    await tg.press(4_401, `nm:${noticeId}`);
    const ask = tg.lastTo(4_401);
    expect(ask.text).toContain('Это были не вы?');
    expect(tg.buttons(ask).map((b) => b.callback_data)).toEqual([`nmy:${noticeId}`, 'n']);
    await tg.press(4_401, `nmy:${noticeId}`);
    expect(tg.lastTo(4_401).text).toContain('все сеансы завершены');
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: owner.headers })).statusCode).toBe(401);
    const again = await signIn(t.app, 'tg_notme_owner');
    const hold = await t.app.inject({ url: '/api/v1/users/me/security-hold', headers: again.headers });
    expect(hold.json().data).toEqual({ active: true, until: null, untilCleared: true });
  });
});
