import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  identityFromWebApp,
  identityFromWidget,
  signLoginWidget,
  signWebAppInitData,
  verifyLoginWidget,
  verifyWebAppInitData,
} from '../../src/modules/auth/telegram.ts';
import { TEST_BOT_TOKEN } from '../helpers.ts';

const AUTH_DATE = 1_795_168_800; // 2026-11-20T10:00:00Z
const NOW_MS = AUTH_DATE * 1000 + 5 * 60_000;
const DAY_S = 24 * 60 * 60;

/** Independent computation of Telegram's Login Widget hash (not the helper under test). */
function widgetHash(dataCheckString: string, botToken: string): string {
  const key = createHash('sha256').update(botToken, 'utf8').digest();
  return createHmac('sha256', key).update(dataCheckString, 'utf8').digest('hex');
}

/** Independent computation of the Mini App hash: key = HMAC_SHA256("WebAppData", token). */
function webAppHash(dataCheckString: string, botToken: string): string {
  const key = createHmac('sha256', 'WebAppData').update(botToken, 'utf8').digest();
  return createHmac('sha256', key).update(dataCheckString, 'utf8').digest('hex');
}

describe('Login Widget: fixed known vector', () => {
  const fields = {
    id: '424242',
    first_name: 'Иван',
    last_name: 'Петров',
    username: 'ivan_p',
    photo_url: 'https://t.me/i/userpic/320/ivan.jpg',
    auth_date: String(AUTH_DATE),
  };
  // Keys sorted alphabetically, `key=value`, joined by \n, hash excluded.
  const dataCheckString = [
    `auth_date=${AUTH_DATE}`,
    'first_name=Иван',
    'id=424242',
    'last_name=Петров',
    'photo_url=https://t.me/i/userpic/320/ivan.jpg',
    'username=ivan_p',
  ].join('\n');
  const KNOWN_HASH = 'e171e2d508c4453ea57710c8e50700738c22a7a5ec2c684747e77c30ec15658e';

  it('the independent computation reproduces the pinned hash', () => {
    expect(widgetHash(dataCheckString, TEST_BOT_TOKEN)).toBe(KNOWN_HASH);
  });

  it('accepts the vector and returns the signed fields', () => {
    const check = verifyLoginWidget({ ...fields, hash: KNOWN_HASH }, TEST_BOT_TOKEN, NOW_MS);
    expect(check).toEqual({ ok: true, fields: { ...fields, hash: KNOWN_HASH } });
  });

  it('accepts the vector with a numeric id and auth_date, as the widget sends JSON', () => {
    const check = verifyLoginWidget(
      { ...fields, id: 424242, auth_date: AUTH_DATE, hash: KNOWN_HASH },
      TEST_BOT_TOKEN,
      NOW_MS,
    );
    expect(check.ok).toBe(true);
  });

  it('accepts an upper-case hex hash', () => {
    const check = verifyLoginWidget({ ...fields, hash: KNOWN_HASH.toUpperCase() }, TEST_BOT_TOKEN, NOW_MS);
    expect(check.ok).toBe(true);
  });

  it('signLoginWidget agrees with the independent computation', () => {
    expect(signLoginWidget(fields, TEST_BOT_TOKEN)).toBe(KNOWN_HASH);
  });

  it('refuses the vector under another bot token', () => {
    const check = verifyLoginWidget(
      { ...fields, hash: KNOWN_HASH },
      '987654321:OTHERtokenOTHERtokenOTHERtoken',
      NOW_MS,
    );
    expect(check).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a hash made with the Mini App key scheme', () => {
    const check = verifyLoginWidget(
      { ...fields, hash: webAppHash(dataCheckString, TEST_BOT_TOKEN) },
      TEST_BOT_TOKEN,
      NOW_MS,
    );
    expect(check).toEqual({ ok: false, reason: 'bad_signature' });
  });
});

describe('Login Widget: tampering', () => {
  const base = {
    id: '1001',
    first_name: 'Anna',
    username: 'anna',
    auth_date: String(AUTH_DATE),
  };
  const hash = signLoginWidget(base, TEST_BOT_TOKEN);

  it.each([
    ['id', { id: '1002' }],
    ['first_name', { first_name: 'Hanna' }],
    ['username', { username: 'anna2' }],
    ['auth_date', { auth_date: String(AUTH_DATE + 1) }],
    ['an added field', { last_name: 'Extra' }],
    ['a removed field', { username: undefined }],
  ])('refuses a changed %s', (_name, patch) => {
    const raw: Record<string, string> = { ...base, hash };
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) delete raw[k];
      else raw[k] = v;
    }
    expect(verifyLoginWidget(raw, TEST_BOT_TOKEN, NOW_MS)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses an altered hash (one hex digit changed)', () => {
    const altered = (hash[0] === 'a' ? 'b' : 'a') + hash.slice(1);
    expect(verifyLoginWidget({ ...base, hash: altered }, TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it.each([
    ['truncated', 'abc123'],
    ['non-hex', 'z'.repeat(64)],
    ['too long', `${'a'.repeat(64)}00`],
  ])('refuses a %s hash', (_name, bad) => {
    expect(verifyLoginWidget({ ...base, hash: bad }, TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it.each(['id', 'first_name', 'auth_date', 'hash'])('reports missing %s as missing fields', (key) => {
    const raw: Record<string, string> = { ...base, hash };
    delete raw[key];
    expect(verifyLoginWidget(raw, TEST_BOT_TOKEN, NOW_MS)).toEqual({ ok: false, reason: 'missing_fields' });
  });
});

describe('Login Widget: auth_date window', () => {
  function signedAt(authDate: number) {
    const fields = { id: '2002', first_name: 'Boris', auth_date: String(authDate) };
    return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
  }
  const nowS = Math.floor(NOW_MS / 1000);

  it('accepts data exactly 24 hours old', () => {
    expect(verifyLoginWidget(signedAt(nowS - DAY_S), TEST_BOT_TOKEN, NOW_MS).ok).toBe(true);
  });

  it('refuses data older than 24 hours', () => {
    expect(verifyLoginWidget(signedAt(nowS - DAY_S - 1), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyLoginWidget(signedAt(nowS - 7 * DAY_S), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses data from the future (beyond a minute of clock skew)', () => {
    expect(verifyLoginWidget(signedAt(nowS + 30), TEST_BOT_TOKEN, NOW_MS).ok).toBe(true);
    expect(verifyLoginWidget(signedAt(nowS + 3600), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'future',
    });
  });

  it('refuses a non-numeric auth_date even when signed', () => {
    const fields = { id: '2002', first_name: 'Boris', auth_date: 'yesterday' };
    const raw = { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
    expect(verifyLoginWidget(raw, TEST_BOT_TOKEN, NOW_MS).ok).toBe(false);
  });
});

describe('identityFromWidget', () => {
  it('maps fields and drops a non-https photo', () => {
    expect(
      identityFromWidget({
        id: '77',
        first_name: 'Олег',
        last_name: '',
        username: 'oleg',
        photo_url: 'http://insecure.example/p.jpg',
      }),
    ).toEqual({ id: '77', firstName: 'Олег', lastName: null, username: 'oleg', photoUrl: null });
  });

  it('refuses a non-numeric id', () => {
    expect(identityFromWidget({ id: '12abc', first_name: 'X' })).toBeNull();
  });
});

describe('Mini App initData: fixed known vector', () => {
  const user =
    '{"id":515151,"first_name":"Мария","last_name":"Соколова","username":"masha_s","language_code":"ru"}';
  const dataCheckString = [
    `auth_date=${AUTH_DATE}`,
    'query_id=AAHdF6IQAAAAAN0XohDhrOrc',
    `user=${user}`,
  ].join('\n');
  const KNOWN_HASH = 'acca1f618b24f2e756c633c8c263dd3e09616bd7b30b6451e7d2a4138cf0416f';
  const initData = new URLSearchParams({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user,
    auth_date: String(AUTH_DATE),
    hash: KNOWN_HASH,
  }).toString();

  it('the independent computation reproduces the pinned hash', () => {
    expect(webAppHash(dataCheckString, TEST_BOT_TOKEN)).toBe(KNOWN_HASH);
  });

  it('accepts the vector and yields the identity from the user JSON', () => {
    const check = verifyWebAppInitData(initData, TEST_BOT_TOKEN, NOW_MS);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(identityFromWebApp(check.fields)).toEqual({
      id: '515151',
      firstName: 'Мария',
      lastName: 'Соколова',
      username: 'masha_s',
      photoUrl: null,
    });
  });

  it('signWebAppInitData agrees with the independent computation', () => {
    const signed = new URLSearchParams(
      signWebAppInitData(
        { query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', user, auth_date: String(AUTH_DATE) },
        TEST_BOT_TOKEN,
      ),
    );
    expect(signed.get('hash')).toBe(KNOWN_HASH);
  });

  it('refuses a hash made with the Login Widget key (SHA256 of the token)', () => {
    const widgetStyle = new URLSearchParams(initData);
    widgetStyle.set('hash', widgetHash(dataCheckString, TEST_BOT_TOKEN));
    expect(verifyWebAppInitData(widgetStyle.toString(), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses tampered user JSON', () => {
    const tampered = new URLSearchParams(initData);
    tampered.set('user', user.replace('515151', '515152'));
    expect(verifyWebAppInitData(tampered.toString(), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses an added parameter', () => {
    const extended = new URLSearchParams(initData);
    extended.set('start_param', 'promo');
    expect(verifyWebAppInitData(extended.toString(), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses stale and future initData', () => {
    expect(verifyWebAppInitData(initData, TEST_BOT_TOKEN, (AUTH_DATE + DAY_S + 1) * 1000)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebAppInitData(initData, TEST_BOT_TOKEN, (AUTH_DATE - 3600) * 1000)).toEqual({
      ok: false,
      reason: 'future',
    });
  });

  it.each(['hash', 'auth_date', 'user'])('reports missing %s as missing fields', (key) => {
    const partial = new URLSearchParams(initData);
    partial.delete(key);
    expect(verifyWebAppInitData(partial.toString(), TEST_BOT_TOKEN, NOW_MS)).toEqual({
      ok: false,
      reason: 'missing_fields',
    });
  });

  it('identityFromWebApp refuses user JSON without an id or first name', () => {
    expect(identityFromWebApp({ user: '{"first_name":"X"}' })).toBeNull();
    expect(identityFromWebApp({ user: '{"id":5}' })).toBeNull();
    expect(identityFromWebApp({ user: 'not json' })).toBeNull();
  });
});
