import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/modules/demo/seed.ts';
import { DEMO_TOTP_SECRET, totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { createTestApp, servicesOf, signIn, type TestApp } from '../helpers.ts';

/**
 * Demo data under `npm start` (docs/decisions/023): every demo user sells, so every one has
 * two-factor on with the README's public secret, and the development sign-in shows its code.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoData(t.ctx, servicesOf(t.ctx))).toBe(true);
});
afterAll(() => t.close());

describe('demo users', () => {
  it('have two-factor on with the demo secret; the picker and /auth/dev-code show its current code', async () => {
    const code = await totpCodeAt(DEMO_TOTP_SECRET, t.clock.now());
    const picker = await t.app.inject({ url: '/api/v1/auth/dev-users' });
    expect(picker.statusCode, picker.body).toBe(200);
    const users = picker.json().data.users as { username: string; totpCode: string | null }[];
    expect(users.map((u) => [u.username, u.totpCode])).toEqual([
      ['alice', code],
      ['boris', code],
      ['vera', code],
      ['grigory', code],
    ]);
    const alice = await signIn(t.app, 'alice');
    const mine = await t.app.inject({ url: '/api/v1/auth/dev-code', headers: alice.headers });
    expect(mine.json().data).toEqual({ totpCode: code });
    // The code works as any authenticator's would: it opens alice's step-up window.
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/2fa/step-up',
      headers: alice.headers,
      payload: { code },
    });
    expect(up.statusCode, up.body).toBe(200);
    // A user of one's own making has no demo code.
    const fresh = await signIn(t.app, 'somebody_new');
    expect(
      (await t.app.inject({ url: '/api/v1/auth/dev-code', headers: fresh.headers })).json().data,
    ).toEqual({
      totpCode: null,
    });
  });

  it('has no dev-code route without the development sign-in', async () => {
    const prod = await createTestApp({ AUTH_DEV_LOGIN: '0' });
    try {
      const user = await prod.ctx.sessions.start('user', '00000000-0000-4000-8000-000000000001');
      const res = await prod.app.inject({
        url: '/api/v1/auth/dev-code',
        headers: { authorization: `Bearer ${user.accessToken}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
