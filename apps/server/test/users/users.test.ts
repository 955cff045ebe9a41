import { DisplayNameMessages, translate } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Session = Awaited<ReturnType<typeof signIn>>;

const setDisplayName = (s: Session, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/display-name',
    headers: s.headers,
    payload: payload as object,
  });
const putProfile = (s: Session, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v1/users/profile',
    headers: s.headers,
    payload: payload as object,
  });
const putMe = (s: Session, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/v1/users/me', headers: s.headers, payload: payload as object });
const getMe = async (s: Session) =>
  (await t.app.inject({ url: '/api/v1/users/me', headers: s.headers })).json().data;

function expectValidation(res: { statusCode: number; json(): unknown }, message: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR', error: message });
}

describe('POST /api/v1/users/display-name', () => {
  it('sets the trimmed name and returns data.user', async () => {
    const s = await signIn(t.app, 'dn_trim');
    const res = await setDisplayName(s, { display_name: '   Вася Пупкин  ' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user).toMatchObject({
      id: s.userId,
      displayName: 'Вася Пупкин',
      effectiveName: 'Вася Пупкин',
    });
    expect((await getMe(s)).displayName).toBe('Вася Пупкин');
  });

  it.each([
    ['Cyrillic with ё', 'Ёжик ёлкин'],
    ['Latin, digits, hyphen, underscore', 'Trader_42-pro'],
    ['exactly 2 characters', 'Ян'],
    ['exactly 30 characters', 'А'.repeat(30)],
  ])('accepts %s', async (_label, name) => {
    const s = await signIn(t.app, `dn_ok_${name.length}_${name.charCodeAt(0)}`);
    const res = await setDisplayName(s, { display_name: name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.displayName).toBe(name);
  });

  it.each([
    ['missing', {}, translate('ru', DisplayNameMessages.required)],
    ['empty', { display_name: '' }, translate('ru', DisplayNameMessages.required)],
    ['only spaces', { display_name: '    ' }, translate('ru', DisplayNameMessages.required)],
    ['null', { display_name: null }, translate('ru', DisplayNameMessages.required)],
    ['one character', { display_name: 'Я' }, 'Имя должно содержать минимум 2 символа'],
    ['one character after trimming', { display_name: '  Я  ' }, 'Имя должно содержать минимум 2 символа'],
    ['31 characters', { display_name: 'Б'.repeat(31) }, 'Имя не должно превышать 30 символов'],
    [
      'an HTML tag',
      { display_name: '<b>Bold</b>' },
      'Имя может содержать только буквы, цифры, пробелы, дефисы и подчеркивания',
    ],
    [
      'an emoji',
      { display_name: 'Вася 🚀' },
      'Имя может содержать только буквы, цифры, пробелы, дефисы и подчеркивания',
    ],
    [
      'a dot',
      { display_name: 'v.pupkin' },
      'Имя может содержать только буквы, цифры, пробелы, дефисы и подчеркивания',
    ],
  ])('refuses %s with its message', async (_label, payload, message) => {
    const s = await signIn(t.app, 'dn_refused');
    await setDisplayName(s, { display_name: 'Прежнее' });
    const res = await setDisplayName(s, payload);
    expectValidation(res, message);
    expect((await getMe(s)).displayName).toBe('Прежнее');
  });

  it('requires sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/display-name',
      payload: { display_name: 'Аноним' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('PUT /api/v1/users/profile', () => {
  it('sets displayName and useCustomProfile', async () => {
    const s = await signIn(t.app, 'pr_set');
    const res = await putProfile(s, { displayName: ' Профиль ', useCustomProfile: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      data: { id: s.userId, displayName: 'Профиль', useCustomProfile: true, effectiveName: 'Профиль' },
    });
  });

  it.each(['', '   '])('turns an empty name (%j) into null', async (empty) => {
    const s = await signIn(t.app, 'pr_empty');
    await putProfile(s, { displayName: 'Было имя' });
    const res = await putProfile(s, { displayName: empty });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.displayName).toBeNull();
    // Without a custom name the Telegram-style name shows again.
    expect(res.json().data.effectiveName).toBe('Pr_empty');
  });

  it('accepts null as "no custom name"', async () => {
    const s = await signIn(t.app, 'pr_null');
    await putProfile(s, { displayName: 'Было имя' });
    const res = await putProfile(s, { displayName: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.displayName).toBeNull();
  });

  it.each([
    ['bad characters', '<script>', 'Имя содержит недопустимые символы'],
    ['bad characters', 'Имя@почта', 'Имя содержит недопустимые символы'],
    ['one character', 'Ж', 'Имя должно содержать минимум 2 символа'],
    ['31 characters', 'x'.repeat(31), 'Имя не должно превышать 30 символов'],
  ])('refuses %s (%j)', async (_label, name, message) => {
    const s = await signIn(t.app, 'pr_refused');
    const res = await putProfile(s, { displayName: name });
    expectValidation(res, message);
  });

  it('refuses an empty update and unknown fields', async () => {
    const s = await signIn(t.app, 'pr_strict');
    expectValidation(await putProfile(s, {}), 'Нечего обновлять');
    const unknown = await putProfile(s, { displayName: 'Норм', verified: true });
    expect(unknown.statusCode).toBe(400);
    expect((await getMe(s)).verified).toBe(false);
  });

  it('refuses a non-boolean useCustomProfile', async () => {
    const s = await signIn(t.app, 'pr_types');
    const res = await putProfile(s, { useCustomProfile: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('PUT /api/v1/users/me', () => {
  it('updates use_custom_profile alone and leaves the name alone', async () => {
    const s = await signIn(t.app, 'me_flag');
    await setDisplayName(s, { display_name: 'Сохраню' });
    const res = await putMe(s, { use_custom_profile: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ useCustomProfile: true, displayName: 'Сохраню' });
  });

  it('updates display_name alone and leaves the flag alone', async () => {
    const s = await signIn(t.app, 'me_name');
    await putMe(s, { use_custom_profile: true });
    const res = await putMe(s, { display_name: '  Новое имя ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ useCustomProfile: true, displayName: 'Новое имя' });
  });

  it('clears the name with an empty string', async () => {
    const s = await signIn(t.app, 'me_clear');
    await putMe(s, { display_name: 'Временно' });
    const res = await putMe(s, { display_name: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.displayName).toBeNull();
  });

  it('applies the display-name rules', async () => {
    const s = await signIn(t.app, 'me_rules');
    expectValidation(await putMe(s, { display_name: 'a&b' }), 'Имя содержит недопустимые символы');
    expectValidation(await putMe(s, { display_name: 'ы' }), 'Имя должно содержать минимум 2 символа');
  });

  it('refuses an empty body and camelCase fields', async () => {
    const s = await signIn(t.app, 'me_empty');
    expectValidation(await putMe(s, {}), 'Нечего обновлять');
    expect((await putMe(s, { displayName: 'Camel' })).statusCode).toBe(400);
  });

  it('GET /users/me returns the signed-in user and 401 without a token', async () => {
    const s = await signIn(t.app, 'me_get');
    const res = await t.app.inject({ url: '/api/v1/users/me', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { id: s.userId, username: 'me_get' } });
    expect((await t.app.inject({ url: '/api/v1/users/me' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/{id} (public profile)', () => {
  it('returns the public profile shape without private fields', async () => {
    const s = await signIn(t.app, 'pub_shape');
    await setDisplayName(s, { display_name: 'Публичный' });
    const res = await t.app.inject({ url: `/api/v1/users/${s.userId}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.reviews).toEqual([]);
    expect(body.data.user).toMatchObject({
      id: s.userId,
      first_name: 'Pub_shape',
      last_name: null,
      display_name: 'Публичный',
      effective_name: 'Публичный',
      username: 'pub_shape',
      verified: false,
      avatar: null,
      rating: null,
      reviews_count: 0,
      total_trades: 0,
      completion_rate: null,
      avg_response_time: null,
      languages: [],
      total_volume: '0.00',
      joined_date: t.clock.now().toISOString(),
    });
    for (const key of [
      'online_status',
      'last_seen',
      'bio',
      'location',
      'first_name',
      'avatar',
      'verified',
      'joined_date',
    ]) {
      expect(body.data.user).toHaveProperty(key);
    }
    for (const key of ['telegramId', 'telegram_id', 'useCustomProfile', 'customAvatarUrl']) {
      expect(body.data.user).not.toHaveProperty(key);
    }
  });

  it('is public (no token needed) and derives online status from activity', async () => {
    const s = await signIn(t.app, 'pub_online');
    const profile = async () => (await t.app.inject({ url: `/api/v1/users/${s.userId}` })).json().data.user;
    // Dev sign-in alone records no activity.
    expect((await profile()).online_status).toBe('offline');
    await t.app.inject({ url: '/api/v1/auth/me', headers: s.headers });
    const active = await profile();
    expect(active.online_status).toBe('online');
    expect(active.last_seen).toBe(t.clock.now().toISOString());
    t.clock.advance(10 * 60_000);
    expect((await profile()).online_status).toBe('away');
    t.clock.advance(30 * 60_000);
    expect((await profile()).online_status).toBe('offline');
  });

  it('answers 404 with the catalogue message for an unknown uuid', async () => {
    const res = await t.app.inject({ url: '/api/v1/users/00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, error: 'Пользователь не найден', code: 'NOT_FOUND' });
  });

  it.each(['not-a-uuid', '123', "1' OR '1'='1"])('answers 400 for the id %j', async (id) => {
    const res = await t.app.inject({ url: `/api/v1/users/${encodeURIComponent(id)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_ERROR',
      error: 'Некорректный идентификатор',
    });
  });
});
