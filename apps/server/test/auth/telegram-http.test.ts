import { createHash, createHmac } from 'node:crypto';
import { AuthMessages, translate } from '@p2p/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { users } from '../../src/db/schema.ts';
import { signLoginWidget, signWebAppInitData } from '../../src/modules/auth/telegram.ts';
import { createTestApp, TEST_BOT_TOKEN, type TestApp } from '../helpers.ts';

let t: TestApp;
/** The same app and database, but with no bot token configured. */
let unconfigured: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  unconfigured = await buildApp(createContext({ ...t.ctx.config, telegram: null }, t.database, t.clock), {
    logger: false,
  });
  await unconfigured.ready();
});
afterAll(async () => {
  await unconfigured?.close();
  await t?.close();
});

const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

function widget(id: number, extra: Record<string, string> = {}, authDate = nowS()) {
  const fields = { id: String(id), first_name: 'Тест', auth_date: String(authDate), ...extra };
  return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
}

const postWidget = (payload: object, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/telegram', payload });
const postWebApp = (initData: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/telegram/webapp', payload: { initData } });

async function userByTelegramId(id: number) {
  const [row] = await t.ctx.db
    .select()
    .from(users)
    .where(eq(users.telegramId, BigInt(id)));
  return row ?? null;
}

function expectRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: message });
}

describe('POST /api/v1/auth/telegram (Login Widget)', () => {
  it('accepts a hash computed independently with node:crypto and creates the user', async () => {
    const authDate = nowS() - 60;
    const dataCheckString = [
      `auth_date=${authDate}`,
      'first_name=Иван',
      'id=7000001',
      'last_name=Петров',
      'photo_url=https://t.me/i/userpic/320/ivan.jpg',
      'username=ivan_widget',
    ].join('\n');
    const key = createHash('sha256').update(TEST_BOT_TOKEN).digest();
    const hash = createHmac('sha256', key).update(dataCheckString).digest('hex');

    const res = await postWidget({
      id: 7000001,
      first_name: 'Иван',
      last_name: 'Петров',
      username: 'ivan_widget',
      photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
      auth_date: authDate,
      hash,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      telegramId: '7000001',
      username: 'ivan_widget',
      firstName: 'Иван',
      lastName: 'Петров',
      photoUrl: 'https://t.me/i/userpic/320/ivan.jpg',
      displayName: null,
      effectiveName: 'Иван Петров',
    });
    expect(body.data.tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(body.data.tokens.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(typeof body.data.tokens.refreshToken).toBe('string');

    const stored = await userByTelegramId(7000001);
    expect(stored?.id).toBe(body.data.user.id);

    const me = await t.app.inject({
      url: '/api/v1/auth/me',
      headers: { authorization: `Bearer ${body.data.tokens.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(body.data.user.id);
  });

  it('signing in again updates the same user instead of creating another', async () => {
    const first = await postWidget(widget(7000002, { username: 'first_nick' }));
    expect(first.statusCode).toBe(200);
    const second = await postWidget(widget(7000002, { username: 'second_nick', last_name: 'Новый' }));
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.id).toBe(first.json().data.user.id);
    expect(second.json().data.user).toMatchObject({ username: 'second_nick', lastName: 'Новый' });
  });

  it('sign-ins of one Telegram account at once yield one user and no error', async () => {
    // Several rounds: the race between the first inserts is narrow. Each request carries its
    // own signed payload (a payload is accepted once: docs/decisions/023), as when the widget
    // and the Mini App sign the same person in at the same moment.
    for (let round = 0; round < 10; round++) {
      const payloads = Array.from({ length: 5 }, (_, i) =>
        widget(7000500 + round, { username: `double_click_${round}` }, nowS() - i),
      );
      const results = await Promise.all(payloads.map((p) => postWidget(p)));
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().data.user.id)).size).toBe(1);
    }
  });

  it('two Telegram accounts signing in at once with the same username: no error, one holds it', async () => {
    for (let round = 0; round < 10; round++) {
      const name = `moving_name_${round}`;
      const results = await Promise.all(
        [7000600 + round * 2, 7000601 + round * 2].map((id) => postWidget(widget(id, { username: name }))),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const holders = await t.ctx.db.select().from(users).where(eq(users.username, name));
      expect(holders).toHaveLength(1);
    }
  });

  it('moves a Telegram username to the account that now holds it', async () => {
    const old = await postWidget(widget(7000003, { username: 'shared_nick' }));
    const now = await postWidget(widget(7000004, { username: 'shared_nick' }));
    expect(old.statusCode).toBe(200);
    expect(now.statusCode).toBe(200);
    expect((await userByTelegramId(7000004))?.username).toBe('shared_nick');
    expect((await userByTelegramId(7000003))?.username).toBeNull();
  });

  it.each([
    ['id', { id: '7100099' }],
    ['first_name', { first_name: 'Злоумышленник' }],
    ['username', { username: 'admin' }],
    ['auth_date', { auth_date: 'NOW' }],
    ['an added extra field', { is_admin: 'true' }],
    ['hash', { hash: 'HASH' }],
  ])('refuses a tampered %s with 401 and creates nobody', async (_name, patch) => {
    const signed = widget(7100001, { username: 'victim' });
    const changed: Record<string, string> = { ...signed };
    for (const [k, v] of Object.entries(patch)) {
      if (v === 'NOW') changed[k] = String(Number(signed.auth_date) - 1);
      else if (v === 'HASH') changed[k] = (signed.hash[0] === '0' ? '1' : '0') + signed.hash.slice(1);
      else changed[k] = v;
    }
    const res = await postWidget(changed);
    expectRefused(res, 401, translate('ru', AuthMessages.badSignature));
    expect(res.json().code).toBe('UNAUTHORIZED');
    expect(await userByTelegramId(7100001)).toBeNull();
    expect(await userByTelegramId(7100099)).toBeNull();
  });

  it('refuses auth_date older than 24 hours', async () => {
    const res = await postWidget(widget(7100002, {}, nowS() - 24 * 3600 - 60));
    expectRefused(res, 401, translate('ru', AuthMessages.stale));
    expect(await userByTelegramId(7100002)).toBeNull();
  });

  it('accepts auth_date 23 hours old', async () => {
    const res = await postWidget(widget(7100003, {}, nowS() - 23 * 3600));
    expect(res.statusCode).toBe(200);
  });

  it('refuses auth_date in the future', async () => {
    const res = await postWidget(widget(7100004, {}, nowS() + 3600));
    expectRefused(res, 401, translate('ru', AuthMessages.future));
    expect(await userByTelegramId(7100004)).toBeNull();
  });

  it('refuses a payload without hash', async () => {
    const { hash: _hash, ...unsigned } = widget(7100005);
    const res = await postWidget(unsigned);
    expectRefused(res, 400, translate('ru', AuthMessages.missingFields));
    expect(await userByTelegramId(7100005)).toBeNull();
  });

  it.each(['id', 'first_name'])('missing %s -> 400 with the missing-fields message', async (key) => {
    const payload: Record<string, string> = widget(7100006);
    delete payload[key];
    const res = await postWidget(payload);
    expectRefused(res, 400, 'Invalid Telegram data: missing required fields');
  });

  it('a non-object body is a 400 validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      headers: { 'content-type': 'application/json' },
      payload: '["id", 1]',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });

  it('answers 503 when no bot token is configured', async () => {
    const res = await postWidget(widget(7100007), unconfigured);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      success: false,
      error: translate('ru', AuthMessages.notConfigured),
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(await userByTelegramId(7100007)).toBeNull();
  });

  it('GET /auth/config reports the bot username, or null without a token', async () => {
    const on = await t.app.inject({ url: '/api/v1/auth/config' });
    expect(on.json()).toEqual({
      success: true,
      // The bot's id (its token's public part) lets the re-authentication popup ask for this bot.
      data: { telegramBotUsername: 'p2p_test_bot', telegramBotId: '123456789', devLogin: true },
    });
    const off = await unconfigured.inject({ url: '/api/v1/auth/config' });
    expect(off.json().data.telegramBotUsername).toBeNull();
  });
});

describe('POST /api/v1/auth/telegram/webapp (Mini App initData)', () => {
  const userJson = (id: number) => JSON.stringify({ id, first_name: 'Мария', username: `masha_${id}` });
  const initDataFor = (id: number, authDate = nowS()) =>
    signWebAppInitData(
      { query_id: 'AAH-test', user: userJson(id), auth_date: String(authDate) },
      TEST_BOT_TOKEN,
    );

  it('accepts valid initData computed independently and signs the user in', async () => {
    const authDate = nowS();
    const user = userJson(8000001);
    const dcs = [`auth_date=${authDate}`, 'query_id=AAH-test', `user=${user}`].join('\n');
    const key = createHmac('sha256', 'WebAppData').update(TEST_BOT_TOKEN).digest();
    const hash = createHmac('sha256', key).update(dcs).digest('hex');
    const initData = new URLSearchParams({ query_id: 'AAH-test', user, auth_date: String(authDate), hash });

    const res = await postWebApp(initData.toString());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      telegramId: '8000001',
      firstName: 'Мария',
      username: 'masha_8000001',
    });
    expect(body.data.tokens.tokenType).toBe('Bearer');
    expect((await userByTelegramId(8000001))?.id).toBe(body.data.user.id);
  });

  it('refuses tampered user JSON', async () => {
    const params = new URLSearchParams(initDataFor(8000002));
    params.set('user', userJson(8000099));
    const res = await postWebApp(params.toString());
    expectRefused(res, 401, translate('ru', AuthMessages.badSignature));
    expect(await userByTelegramId(8000099)).toBeNull();
    expect(await userByTelegramId(8000002)).toBeNull();
  });

  it('refuses a hash made with the Login Widget key (SHA256 of the token)', async () => {
    const authDate = nowS();
    const fields = { auth_date: String(authDate), query_id: 'AAH-test', user: userJson(8000003) };
    const hash = signLoginWidget(fields, TEST_BOT_TOKEN);
    const res = await postWebApp(new URLSearchParams({ ...fields, hash }).toString());
    expectRefused(res, 401, translate('ru', AuthMessages.badSignature));
    expect(await userByTelegramId(8000003)).toBeNull();
  });

  it('refuses stale initData', async () => {
    const res = await postWebApp(initDataFor(8000004, nowS() - 25 * 3600));
    expectRefused(res, 401, translate('ru', AuthMessages.stale));
    expect(await userByTelegramId(8000004)).toBeNull();
  });

  it('refuses initData without user as missing fields', async () => {
    const res = await postWebApp(
      signWebAppInitData({ query_id: 'AAH-test', auth_date: String(nowS()) }, TEST_BOT_TOKEN),
    );
    expectRefused(res, 400, translate('ru', AuthMessages.missingFields));
  });

  it('refuses an empty initData with a validation error', async () => {
    const res = await postWebApp('');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 503 when no bot token is configured', async () => {
    const res = await postWebApp(initDataFor(8000005), unconfigured);
    expectRefused(res, 503, translate('ru', AuthMessages.notConfigured));
  });
});
