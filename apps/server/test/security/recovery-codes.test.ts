import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signIn, type TestApp, withReauth } from '../helpers.ts';
import { enableTwoFactor } from '../withdrawals/support.ts';

/**
 * New recovery codes (`POST /users/2fa/recovery-codes`, docs/decisions/033): a security change
 * like enabling two-factor — re-authentication, a current authenticator code, the old codes dead,
 * and the security hold (24 hours here) on every way money leaves.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECURITY_HOLD_HOURS: '24' });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const HOUR_MS = 3_600_000;
type Headers = Record<string, string>;
const post = (headers: Headers, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });
const holdOf = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/v1/users/me/security-hold', headers })).json().data;
const statusOf = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/v1/users/2fa/status', headers })).json().data;

/** An enrolled account whose enrolment hold has passed: the next hold is the renewal's. */
async function enrolledAccount(username: string) {
  const first = await signIn(t.app, username);
  await fund(t.ctx, first.userId, 'USDT', '100');
  const enrolled = await enableTwoFactor(t, first.headers);
  t.clock.advance(25 * HOUR_MS);
  // A day later: a new session (the first one's access token has long expired).
  const session = await signIn(t.app, username);
  expect((await holdOf(session.headers)).active).toBe(false);
  return { ...session, ...enrolled };
}

describe('new recovery codes', () => {
  it('need re-authentication: a session alone gets 403 REAUTH_REQUIRED and the old codes stay', async () => {
    const owner = await enrolledAccount('renew_no_reauth');
    const res = await post(owner.headers, '/users/2fa/recovery-codes', {
      code: await totpCodeAt(owner.secret, t.clock.now()),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('REAUTH_REQUIRED');
    expect((await statusOf(owner.headers)).recoveryCodesLeft).toBe(owner.recoveryCodes.length);
    expect((await holdOf(owner.headers)).active).toBe(false);
  });

  it('refuse a wrong code, and a recovery code, changing nothing', async () => {
    const owner = await enrolledAccount('renew_wrong_code');
    const headers = await withReauth(t.app, owner.headers);
    const wrong = await post(headers, '/users/2fa/recovery-codes', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Неверный код двухфакторной аутентификации');
    // A leaked recovery code must not mint a fresh set.
    const byRecovery = await post(headers, '/users/2fa/recovery-codes', { code: owner.recoveryCodes[0] });
    expect(byRecovery.statusCode).toBe(400);
    expect((await statusOf(owner.headers)).recoveryCodesLeft).toBe(owner.recoveryCodes.length);
    expect((await holdOf(owner.headers)).active).toBe(false);
  });

  it('answer new codes once; the old ones stop working, the new ones work; the hold starts', async () => {
    const owner = await enrolledAccount('renew_ok');
    const headers = await withReauth(t.app, owner.headers);
    const renewedAt = t.clock.now();
    const res = await post(headers, '/users/2fa/recovery-codes', {
      code: await totpCodeAt(owner.secret, renewedAt),
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.recoveryCodes as string[];
    expect(fresh).toHaveLength(owner.recoveryCodes.length);
    expect(fresh.some((c) => owner.recoveryCodes.includes(c))).toBe(false);
    expect(await holdOf(owner.headers)).toEqual({
      active: true,
      until: new Date(renewedAt.getTime() + 24 * HOUR_MS).toISOString(),
      untilCleared: false,
    });
    // The owner hears of both, in the inbox (and the bot), with «Это не я».
    await t.app.notifications.feed.idle();
    const inbox = await t.app.inject({ url: '/api/v1/notifications?limit=100', headers: owner.headers });
    const events = (inbox.json().data.notifications as { kind: string; values: { event?: string } }[])
      .filter((n) => n.kind === 'security_event')
      .map((n) => n.values.event);
    expect(events).toEqual(expect.arrayContaining(['recovery_codes_renewed', 'hold_started']));

    // An old code opens nothing; a new one does (step-up takes recovery codes too).
    const old = await post(owner.headers, '/users/2fa/step-up', { code: owner.recoveryCodes[1] });
    expect(old.statusCode).toBe(403);
    expect(old.json().details.reason).toBe('invalid');
    const ok = await post(owner.headers, '/users/2fa/step-up', { code: fresh[0] });
    expect(ok.statusCode).toBe(200);
    expect((await statusOf(owner.headers)).recoveryCodesLeft).toBe(fresh.length - 1);
  });

  it('a spent recovery code starts the hold already', async () => {
    const owner = await enrolledAccount('renew_spent');
    const spentAt = t.clock.now();
    expect(
      (await post(owner.headers, '/users/2fa/step-up', { code: owner.recoveryCodes[0] })).statusCode,
    ).toBe(200);
    expect(await holdOf(owner.headers)).toMatchObject({
      active: true,
      until: new Date(spentAt.getTime() + 24 * HOUR_MS).toISOString(),
    });
  });
});
