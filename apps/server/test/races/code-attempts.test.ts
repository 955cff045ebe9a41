import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { createStaffMember, STAFF_PASSWORD } from '../admin/factories.ts';
import { TEST_TOTP_SECRET } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { newSession, report, tally, timed } from './support.ts';

/**
 * Codes are judged atomically (docs/decisions/035): each code takes one of the five attempts of
 * the window in a committed UPDATE before it is looked at, so 30 wrong codes sent at once are
 * 5 judged and 25 refused with 429, for users' TOTP codes, their recovery codes and staff codes
 * alike. On PostgreSQL the requests really run side by side (before, 11 were judged).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const PARALLEL = 30;

/** A six-digit code that is not the one the secret shows now (nor one step either side). */
async function wrongTotp(): Promise<string> {
  const now = t.clock.now().getTime();
  const near = await Promise.all(
    [-30_000, 0, 30_000].map((d) => totpCodeAt(TEST_TOTP_SECRET, new Date(now + d))),
  );
  for (let n = 100_000; ; n += 1) if (!near.includes(String(n))) return String(n);
}

const stepUp = (headers: Record<string, string>, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/users/2fa/step-up', headers, payload: { code } });

/** How the 30 answers split: judged wrong (the code was looked at) and refused unseen. */
function outcome(responses: { statusCode: number; json(): unknown }[]) {
  const judged = responses.filter((r) => r.statusCode !== 429).length;
  const limited = responses.filter((r) => r.statusCode === 429).length;
  return { judged, limited, statuses: tally(responses.map((r) => r.statusCode)) };
}

describe('parallel wrong codes', () => {
  it('TOTP: of 30 wrong codes at once exactly 5 are judged, 25 answer 429, then even the right code waits', async () => {
    const user = await newSession(t, 'codes_totp');
    const wrong = await wrongTotp();
    const { result, ms } = await timed(() =>
      Promise.all(Array.from({ length: PARALLEL }, () => stepUp(user.headers, wrong))),
    );
    const seen = outcome(result);
    report(t.ctx, 'parallel wrong TOTP codes', seen, ms);
    expect(seen).toMatchObject({ judged: 5, limited: 25 });
    for (const r of result.filter((x) => x.statusCode !== 429)) {
      expect(r.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'invalid' } });
    }
    expect(result.find((r) => r.statusCode === 429)?.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const right = await stepUp(user.headers, await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()));
    expect(right.statusCode).toBe(429);
  });

  it('recovery codes: 30 wrong ones at once, 5 judged and 25 × 429; the owner’s real one is not burnt', async () => {
    const user = await newSession(t, 'codes_recovery');
    const [real] = await servicesOf(t.ctx).twoFactor.enrolRecoveryCodes(t.ctx.db, user.userId, 1);
    const { result, ms } = await timed(() =>
      Promise.all(
        Array.from({ length: PARALLEL }, (_, i) =>
          stepUp(user.headers, `zzzzz-${String(i).padStart(5, 'z')}`),
        ),
      ),
    );
    const seen = outcome(result);
    report(t.ctx, 'parallel wrong recovery codes', seen, ms);
    expect(seen).toMatchObject({ judged: 5, limited: 25 });
    // Once the lock ends the real code still passes: no refused request spent it.
    t.clock.advance(16 * 60_000);
    const { accessToken } = await t.ctx.sessions.start('user', user.userId);
    expect((await stepUp({ authorization: `Bearer ${accessToken}` }, real as string)).statusCode).toBe(200);
  });

  it('staff codes at sign-in: 30 wrong ones at once, 5 judged and 25 × 429', async () => {
    const staff = await createStaffMember(t, { role: 'admin' });
    await servicesOf(t.ctx).admin.staffTwoFactor.enrolKnownSecret(t.ctx.db, staff.id, TEST_TOTP_SECRET);
    const wrong = await wrongTotp();
    const login = (code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: staff.email, password: STAFF_PASSWORD, code },
      });
    const { result, ms } = await timed(() =>
      Promise.all(Array.from({ length: PARALLEL }, () => login(wrong))),
    );
    const seen = outcome(result);
    report(t.ctx, 'parallel wrong staff codes', seen, ms);
    expect(seen).toMatchObject({ judged: 5, limited: 25 });
    for (const r of result.filter((x) => x.statusCode !== 429)) {
      expect(r.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'invalid' } });
    }
    const right = await login(await totpCodeAt(TEST_TOTP_SECRET, t.clock.now()));
    expect(right.statusCode).toBe(429);
  });
});

describe('a code used once', () => {
  it('says it was used («Этот код уже использован…»), not «Неверный код»', async () => {
    t.clock.advance(60_000);
    const user = await newSession(t, 'codes_used');
    const code = await totpCodeAt(TEST_TOTP_SECRET, t.clock.now());
    expect((await stepUp(user.headers, code)).statusCode).toBe(200);
    const again = await stepUp(user.headers, code);
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      error: expect.stringMatching(/^Этот код уже использован/),
      details: { reason: 'used' },
    });
    const wrong = await stepUp(user.headers, await wrongTotp());
    expect(wrong.json()).toMatchObject({
      error: 'Неверный код двухфакторной аутентификации',
      details: { reason: 'invalid' },
    });
  });
});
