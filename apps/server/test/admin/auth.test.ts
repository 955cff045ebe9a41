import { AdminMessages, translate } from '@p2p/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../src/db/schema.ts';
import { findStaffByEmail } from '../../src/modules/admin/staff.repository.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';
import { adminLogin, createStaffMember, STAFF_PASSWORD, signInStaff } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const refused = (
  res: { statusCode: number; json(): unknown },
  status: number,
  error: string,
  code?: string,
) => {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error, ...(code ? { code } : {}) });
};

describe('POST /admin/auth/login', () => {
  it('signs in with the right password (email in any case) and answers the admin and tokens', async () => {
    const member = await createStaffMember(t, { role: 'moderator', firstName: 'Пётр', lastName: 'Иванов' });
    const res = await adminLogin(t.app, member.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.admin).toEqual({
      id: member.id,
      email: member.email,
      firstName: 'Пётр',
      lastName: 'Иванов',
      role: 'moderator',
      twoFactorEnabled: false,
      twoFactorRequired: false,
    });
    expect(body.data.enrolmentRequired).toBe(false);
    expect(body.data.accessToken).toMatch(/^ey/);
    expect(body.data.refreshToken.length).toBeGreaterThan(20);
    const me = await t.app.inject({
      url: '/api/v1/admin/auth/me',
      headers: { authorization: `Bearer ${body.data.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toEqual(body.data.admin);
  });

  it('stores an argon2id hash, never the password', async () => {
    const member = await createStaffMember(t);
    const row = await findStaffByEmail(t.ctx.db, member.email);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(STAFF_PASSWORD);
  });

  it('refuses a wrong password, an unknown email and a disabled account with one message', async () => {
    const member = await createStaffMember(t);
    refused(
      await adminLogin(t.app, member.email, 'wrong password'),
      401,
      translate('ru', AdminMessages.badCredentials),
    );
    refused(
      await adminLogin(t.app, 'nobody@example.com'),
      401,
      translate('ru', AdminMessages.badCredentials),
      'UNAUTHORIZED',
    );
    await t.ctx.db.update(staff).set({ disabledAt: t.clock.now() }).where(eq(staff.id, member.id));
    refused(await adminLogin(t.app, member.email), 401, translate('ru', AdminMessages.badCredentials));
  });

  it('validates with the messages of the sign-in form', async () => {
    const post = (payload: unknown) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/login', payload: payload as object });
    refused(await post({ email: '', password: '' }), 400, 'Заполните все поля', 'VALIDATION_ERROR');
    refused(await post({ email: 'a@b.c' }), 400, 'Заполните все поля');
    refused(await post({}), 400, 'Заполните все поля');
    refused(await post({ email: 'admin.example.com', password: 'secret12' }), 400, 'Неверный формат email');
    refused(await post({ email: 'a@b.c', password: '12345' }), 400, 'Пароль должен быть минимум 6 символов');
  });

  it('allows 10 sign-in attempts a minute per IP when rate limiting is on', async () => {
    const limited = await createTestApp({ RATE_LIMIT: '1' });
    try {
      const codes: number[] = [];
      // A different address each time: one address alone locks after 5 (sign-in-lockout.test.ts).
      for (let i = 0; i < 11; i++)
        codes.push((await adminLogin(limited.app, `x${i}@example.com`)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('staff sessions', () => {
  it('rotates the refresh token: the new pair works, the spent token revokes the family', async () => {
    const s = await signInStaff(t);
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/refresh', payload: { refreshToken } });
    const first = await refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const next = first.json().data as { accessToken: string; refreshToken: string };
    expect(next.refreshToken).not.toBe(s.refreshToken);
    const me = await t.app.inject({
      url: '/api/v1/admin/auth/me',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(me.json().data.id).toBe(s.staff.id);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    // Reuse revoked the whole family, the fresh token included.
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
  });

  it('does not refresh a staff session with a user refresh token, nor the reverse', async () => {
    const user = await signIn(t.app, 'refresh_user');
    const s = await signInStaff(t);
    const asStaff = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/refresh',
      payload: { refreshToken: user.refreshToken },
    });
    expect(asStaff.statusCode).toBe(401);
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(asUser.statusCode).toBe(401);
  });

  it('logout ends the session: the access token and the refresh token stop working', async () => {
    const s = await signInStaff(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/admin/auth/logout', headers: s.headers });
    expect(out.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/admin/auth/me', headers: s.headers })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/refresh',
      payload: { refreshToken: s.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('signs out a staff member whose account was disabled after sign-in', async () => {
    const s = await signInStaff(t);
    await t.ctx.db.update(staff).set({ disabledAt: t.clock.now() }).where(eq(staff.id, s.staff.id));
    expect((await t.app.inject({ url: '/api/v1/admin/users', headers: s.headers })).statusCode).toBe(401);
  });
});

describe('audience separation', () => {
  it('a user token is 401 on admin routes', async () => {
    const user = await signIn(t.app, 'plain_user');
    for (const url of ['/api/v1/admin/auth/me', '/api/v1/admin/users', '/api/v1/admin/audit-logs']) {
      refused(
        await t.app.inject({ url, headers: user.headers }),
        401,
        'Необходима авторизация',
        'UNAUTHORIZED',
      );
    }
    const credit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/users/${user.userId}/balance/credit`,
      headers: user.headers,
      payload: { cryptocurrency: 'BTC', amount: '1', reason: 'self credit attempt' },
    });
    expect(credit.statusCode).toBe(401);
  });

  it('a staff token is 401 on user routes', async () => {
    const s = await signInStaff(t);
    for (const url of ['/api/v1/auth/me', '/api/v1/users/me', '/api/v1/wallet/balances']) {
      expect((await t.app.inject({ url, headers: s.headers })).statusCode).toBe(401);
    }
  });
});
