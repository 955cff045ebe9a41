import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLoginWidget, signWebAppInitData } from '../../src/modules/auth/telegram.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { createTestApp, signIn, TEST_BOT_TOKEN, type TestApp, withReauth } from '../helpers.ts';
import { EXTERNAL } from '../withdrawals/support.ts';

/**
 * Re-authentication for security changes (docs/decisions/033). The thief holds a session
 * (its access token) and nothing else: no change of who controls the account or where its
 * money goes passes without a fresh Telegram sign-in of the account's own Telegram id.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const nowS = () => Math.floor(t.clock.now().getTime() / 1000);
let nextTelegramId = 8_100_000;

function widget(id: number, authDate = nowS(), extra: Record<string, string> = {}) {
  const fields = { id: String(id), first_name: 'Алиса', auth_date: String(authDate), ...extra };
  return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
}

function initData(id: number, authDate = nowS()) {
  const fields = { auth_date: String(authDate), user: JSON.stringify({ id, first_name: 'Алиса' }) };
  return signWebAppInitData(fields, TEST_BOT_TOKEN);
}

/** A Telegram account signed in through the Login Widget: its id and its session's headers. */
async function telegramAccount() {
  const telegramId = nextTelegramId++;
  // Signed in a minute ago: the re-authentications below are new sign-ins, not this one replayed.
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/telegram',
    payload: widget(telegramId, nowS() - 60),
  });
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  return {
    telegramId,
    userId: data.user.id as string,
    headers: { authorization: `Bearer ${data.tokens.accessToken}` },
  };
}

const reauth = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reauth', headers, payload });

function call(headers: Record<string, string>, method: 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });
}

const WEBHOOK = { url: 'http://localhost:9/hook', events: ['trade:created'] };
const ADDRESS = {
  network: 'USDT-ERC20',
  address: EXTERNAL['USDT-ERC20'],
  label: 'Биржа',
  totpCode: '123456',
};
const KEY = { name: 'Бот', scopes: ['read'] };

/** Every security change a session alone used to make. */
const CHANGES: Array<[string, 'POST' | 'DELETE', string, object | undefined]> = [
  ['two-factor set-up', 'POST', '/users/2fa/setup', undefined],
  ['two-factor enabling', 'POST', '/users/2fa/enable', { code: '123456' }],
  ['two-factor turning off', 'POST', '/users/2fa/disable', { code: '123456' }],
  ['new recovery codes', 'POST', '/users/2fa/recovery-codes', { code: '123456' }],
  ['an API key', 'POST', '/api-keys', KEY],
  ['a webhook', 'POST', '/webhooks', WEBHOOK],
  ['a saved withdrawal address', 'POST', '/withdrawals/addresses', ADDRESS],
  ['linking Telegram', 'POST', '/telegram/link', undefined],
  ['unlinking Telegram', 'DELETE', '/telegram/link', undefined],
];

describe('a stolen session (its token only)', () => {
  it.each(CHANGES)(
    'cannot make %s: 403 REAUTH_REQUIRED, nothing written',
    async (_what, method, url, body) => {
      const victim = await telegramAccount();
      const res = await call(victim.headers, method, url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'REAUTH_REQUIRED',
        error: 'Подтвердите, что это вы: войдите через Telegram еще раз',
      });
      const status = await t.app.inject({
        method: 'GET',
        url: '/api/v1/users/2fa/status',
        headers: victim.headers,
      });
      expect(status.json().data).toMatchObject({ enabled: false, pending: false });
      const keys = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys', headers: victim.headers });
      expect(keys.json().data).toEqual([]);
      const hooks = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks', headers: victim.headers });
      expect(hooks.json().data).toEqual([]);
    },
  );

  it('cannot re-authenticate with a sign-in of another Telegram id (its own, the thief’s): 403', async () => {
    const victim = await telegramAccount();
    const thief = nextTelegramId++;
    const res = await reauth(victim.headers, { telegram: widget(thief) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(res.json().error).toContain('другого аккаунта Telegram');
    const viaMiniApp = await reauth(victim.headers, { initData: initData(thief) });
    expect(viaMiniApp.statusCode).toBe(403);
    expect(await call(victim.headers, 'POST', '/users/2fa/setup')).toMatchObject({ statusCode: 403 });
  });

  it('cannot re-authenticate a Telegram account with the development path', async () => {
    const victim = await telegramAccount();
    const res = await reauth(victim.headers, { dev: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Этот аккаунт подтверждается только входом через Telegram');
  });

  it('cannot replay a sign-in older than five minutes, or one already spent', async () => {
    const victim = await telegramAccount();
    const stale = await reauth(victim.headers, { telegram: widget(victim.telegramId, nowS() - 6 * 60) });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED', details: { reason: 'stale' } });
    const fresh = widget(victim.telegramId, nowS() - 30, { username: 'alice' });
    expect((await reauth(victim.headers, { telegram: fresh })).statusCode).toBe(200);
    const again = await reauth(victim.headers, { telegram: fresh });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'REAUTH_REQUIRED', details: { reason: 'replayed' } });
    // Nor does the spent payload sign anyone in afterwards.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/v1/auth/telegram', payload: fresh });
    expect(signIn.statusCode).toBe(401);
  });

  it('cannot use a proof taken by another session, or one past its five minutes', async () => {
    const owner = await telegramAccount();
    const ok = await reauth(owner.headers, { telegram: widget(owner.telegramId) });
    expect(ok.statusCode).toBe(200);
    const { reauthToken, expiresAt } = ok.json().data;
    expect(Date.parse(expiresAt) - t.clock.now().getTime()).toBe(5 * 60_000);
    const other = await t.ctx.sessions.start('user', owner.userId);
    const elsewhere = { authorization: `Bearer ${other.accessToken}`, 'x-reauth-token': reauthToken };
    expect((await call(elsewhere, 'POST', '/api-keys', KEY)).json()).toMatchObject({
      code: 'REAUTH_REQUIRED',
    });
    t.clock.advance(5 * 60_000 + 1);
    const late = await call({ ...owner.headers, 'x-reauth-token': reauthToken }, 'POST', '/api-keys', KEY);
    expect(late.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
  });
});

describe('the owner, re-authenticated', () => {
  it('enrols two-factor with a fresh Telegram sign-in of their own id (Login Widget)', async () => {
    const owner = await telegramAccount();
    const res = await reauth(owner.headers, { telegram: widget(owner.telegramId) });
    expect(res.statusCode).toBe(200);
    const headers = { ...owner.headers, 'x-reauth-token': res.json().data.reauthToken };
    const setup = await call(headers, 'POST', '/users/2fa/setup');
    expect(setup.statusCode).toBe(200);
    const code = await totpCodeAt(setup.json().data.secret, t.clock.now());
    const enable = await call(headers, 'POST', '/users/2fa/enable', { code });
    expect(enable.statusCode).toBe(200);
  });

  it('re-authenticates from the Mini App (initData) and creates an API key', async () => {
    const owner = await telegramAccount();
    const res = await reauth(owner.headers, { initData: initData(owner.telegramId) });
    expect(res.statusCode).toBe(200);
    const key = await call(
      { ...owner.headers, 'x-reauth-token': res.json().data.reauthToken },
      'POST',
      '/api-keys',
      KEY,
    );
    expect(key.statusCode).toBe(200);
  });

  it('adds a webhook only with the fresh code when two-factor is on, as for keys', async () => {
    const owner = await signIn(t.app, 'hooked_owner');
    const headers = await withReauth(t.app, owner.headers);
    const setup = await call(headers, 'POST', '/users/2fa/setup');
    const secret = setup.json().data.secret as string;
    await call(headers, 'POST', '/users/2fa/enable', { code: await totpCodeAt(secret, t.clock.now()) });
    t.clock.advance(30_000);
    const noCode = await call(headers, 'POST', '/webhooks', WEBHOOK);
    expect(noCode.statusCode).toBe(403);
    expect(noCode.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'missing' } });
    const withCode = await call(headers, 'POST', '/webhooks', {
      ...WEBHOOK,
      totpCode: await totpCodeAt(secret, t.clock.now()),
    });
    expect(withCode.statusCode).toBe(200);
  });
});

describe('«Завершить все сеансы»', () => {
  it('ends every session and revokes every API key and webhook with them', async () => {
    const owner = await signIn(t.app, 'ends_everything');
    const headers = await withReauth(t.app, owner.headers);
    const key = await call(headers, 'POST', '/api-keys', KEY);
    expect(key.statusCode).toBe(200);
    expect((await call(headers, 'POST', '/webhooks', WEBHOOK)).statusCode).toBe(200);
    const ended = await call(owner.headers, 'POST', '/auth/sessions/end-all');
    expect(ended.json().data).toEqual({ ended: 1 });
    const fresh = await t.ctx.sessions.start('user', owner.userId);
    const again = { authorization: `Bearer ${fresh.accessToken}` };
    expect((await t.app.inject({ url: '/api/v1/api-keys', headers: again })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/v1/webhooks', headers: again })).json().data).toEqual([]);
  });
});
