import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { balance, expectLedgerSound, fund } from '../factories.ts';
import { createTestApp, signIn, type TestApp, withReauth } from '../helpers.ts';
import { EXTERNAL, enableTwoFactor, requestWithdrawal } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

const STEP = 30_000;
/** A two-factor call; the changes carry a re-authentication of the session (docs/decisions/033). */
const call = async (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  payload?: object,
) =>
  t.app.inject({
    method,
    url: `/api/v1/users/2fa/${path}`,
    headers: method === 'POST' ? await withReauth(t.app, headers) : headers,
    ...(payload ? { payload } : {}),
  });
const withdraw = (headers: Record<string, string>, totpCode?: string) =>
  requestWithdrawal(
    t,
    { headers },
    {
      cryptocurrency: 'BTC',
      amount: '0.01',
      toAddress: EXTERNAL.BTC,
      ...(totpCode === undefined ? {} : { totpCode }),
    },
  );

async function fundedUser(name: string) {
  const user = await signIn(t.app, name);
  await fund(t.ctx, user.userId, 'BTC', '1');
  return user;
}

describe('two-factor enrolment', () => {
  it('sets up, confirms with a code and hands out recovery codes once', async () => {
    const user = await signIn(t.app, 'tfa_enrol');
    expect((await call('GET', 'status', user.headers)).json().data).toEqual({
      enabled: false,
      pending: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      stepUpUntil: null,
      stepUpMinutes: 5,
    });
    const setup = (await call('POST', 'setup', user.headers)).json().data;
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUri).toBe(
      `otpauth://totp/P2P%20Market:tfa_enrol?secret=${setup.secret}&issuer=P2P%20Market`,
    );
    expect((await call('GET', 'status', user.headers)).json().data).toMatchObject({
      enabled: false,
      pending: true,
    });

    const wrong = await call('POST', 'enable', user.headers, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Неверный код двухфакторной аутентификации');

    const code = await totpCodeAt(setup.secret, t.clock.now());
    const enabled = await call('POST', 'enable', user.headers, { code });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json().data;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call('GET', 'status', user.headers)).json().data).toEqual({
      enabled: true,
      pending: false,
      enabledAt: t.clock.now().toISOString(),
      recoveryCodesLeft: 10,
      stepUpUntil: null,
      stepUpMinutes: 5,
    });
    expect((await call('POST', 'setup', user.headers)).statusCode).toBe(409);
    expect((await call('POST', 'enable', user.headers, { code })).statusCode).toBe(409);

    // At rest: the secret is sealed for this user under the configured key; codes are hashes.
    const [row] = await queryRows<{ secret_encrypted: string }>(
      t.ctx.db,
      sql`SELECT secret_encrypted FROM user_two_factor WHERE user_id = ${user.userId}`,
    );
    expect(row?.secret_encrypted).not.toContain(setup.secret);
    const box = new SecretBox(t.ctx.config.totpEncryptionKey);
    expect(box.open(row?.secret_encrypted as string, user.userId)).toBe(setup.secret);
    expect(() => box.open(row?.secret_encrypted as string, '00000000-0000-4000-8000-000000000000')).toThrow();
    expect(() =>
      new SecretBox(Buffer.alloc(32, 1)).open(row?.secret_encrypted as string, user.userId),
    ).toThrow();
    const hashes = await queryRows<{ code_hash: string }>(
      t.ctx.db,
      sql`SELECT code_hash FROM two_factor_recovery_codes WHERE user_id = ${user.userId}`,
    );
    expect(hashes).toHaveLength(10);
    for (const h of hashes) expect(recoveryCodes).not.toContain(h.code_hash);
  });

  it('refuses to enable what was never set up', async () => {
    const user = await signIn(t.app, 'tfa_nosetup');
    const res = await call('POST', 'enable', user.headers, { code: '123456' });
    expect(res.statusCode).toBe(409);
  });
});

describe('withdrawals under two-factor', () => {
  it('needs a code; a wrong or replayed one is refused and locks nothing', async () => {
    const user = await fundedUser('tfa_withdraw');
    const { secret } = await enableTwoFactor(t, user.headers);
    const none = await withdraw(user.headers);
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      error: 'Подтвердите вывод кодом двухфакторной аутентификации',
      details: { reason: 'missing', message: 'Please verify 2FA before submitting withdrawal' },
    });
    // The enrolment code's time step is spent: the same code does not pass again, and says so.
    const replayOfEnrolment = await withdraw(user.headers, await totpCodeAt(secret, t.clock.now()));
    expect(replayOfEnrolment.statusCode).toBe(403);
    expect(replayOfEnrolment.json()).toMatchObject({
      error: expect.stringMatching(/^Этот код уже использован/),
      details: { reason: 'used' },
    });

    t.clock.advance(STEP);
    const code = await totpCodeAt(secret, t.clock.now());
    const wrong = await withdraw(user.headers, code === '111111' ? '222222' : '111111');
    expect(wrong.statusCode).toBe(403);
    const ok = await withdraw(user.headers, code.replace(/(\d{3})/, '$1 '));
    expect(ok.statusCode).toBe(200);
    const replay = await withdraw(user.headers, code);
    expect(replay.statusCode).toBe(403);
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 98_950_000n, locked: 1_050_000n });

    // A code one step old is still fine (clock drift), once, if its step was not used.
    t.clock.advance(2 * STEP);
    const late = await totpCodeAt(secret, new Date(t.clock.now().getTime() - STEP));
    expect((await withdraw(user.headers, late)).statusCode).toBe(200);
    // Too old: three steps back.
    t.clock.advance(3 * STEP);
    const stale = await totpCodeAt(secret, new Date(t.clock.now().getTime() - 3 * STEP));
    expect((await withdraw(user.headers, stale)).statusCode).toBe(403);
  });

  it('takes each recovery code once, however it is typed', async () => {
    const user = await fundedUser('tfa_recovery');
    const { recoveryCodes } = await enableTwoFactor(t, user.headers);
    const [first, second] = recoveryCodes as [string, string];
    expect((await withdraw(user.headers, first)).statusCode).toBe(200);
    expect((await withdraw(user.headers, first)).statusCode).toBe(403);
    expect((await withdraw(user.headers, ` ${second.toUpperCase().replace('-', '')} `)).statusCode).toBe(200);
    expect((await call('GET', 'status', user.headers)).json().data.recoveryCodesLeft).toBe(8);
    expect((await withdraw(user.headers, 'aaaaa-bbbbb')).statusCode).toBe(403);
  });

  it('locks code entry after 5 wrong codes for 15 minutes, in every path, then lets a right code in', async () => {
    const user = await fundedUser('tfa_guesser');
    const { secret } = await enableTwoFactor(t, user.headers);
    t.clock.advance(STEP);
    for (let i = 0; i < 4; i++) expect((await withdraw(user.headers, '000000')).statusCode).toBe(403);
    expect((await call('POST', 'disable', user.headers, { code: '000000' })).statusCode).toBe(400);
    const right = await totpCodeAt(secret, t.clock.now());
    const locked = await withdraw(user.headers, right);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      error: 'Слишком много неверных кодов. Попробуйте через 15 мин.',
    });
    expect((await call('POST', 'disable', user.headers, { code: right })).statusCode).toBe(429);
    t.clock.advance(15 * 60_000);
    const back = await signIn(t.app, 'tfa_guesser'); // the access token did not outlive the wait
    const later = await totpCodeAt(secret, t.clock.now());
    expect((await withdraw(back.headers, later)).statusCode).toBe(200);
    // A success clears the count: four more wrong codes do not lock.
    for (let i = 0; i < 4; i++) expect((await withdraw(back.headers, '000000')).statusCode).toBe(403);
    t.clock.advance(STEP);
    expect((await withdraw(back.headers, await totpCodeAt(secret, t.clock.now()))).statusCode).toBe(200);
  });

  it('turns off with a code; then withdrawals are refused until it is on again', async () => {
    const user = await fundedUser('tfa_off');
    const { secret, recoveryCodes } = await enableTwoFactor(t, user.headers);
    t.clock.advance(STEP);
    const res = await call('POST', 'disable', user.headers, { code: recoveryCodes[3] as string });
    expect(res.json()).toEqual({ success: true, data: { enabled: false } });
    expect((await call('GET', 'status', user.headers)).json().data).toMatchObject({
      enabled: false,
      pending: false,
      recoveryCodesLeft: 0,
    });
    const refused = await withdraw(user.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', details: { reason: 'not_enabled' } });
    expect(await balance(t.ctx, user.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    expect(
      (await call('POST', 'disable', user.headers, { code: await totpCodeAt(secret, t.clock.now()) }))
        .statusCode,
    ).toBe(409);
  });
});

describe('a stolen session without the second factor', () => {
  it('cannot withdraw from an account that never turned two-factor on, with or without a code', async () => {
    const victim = await fundedUser('tfa_never');
    for (const code of [undefined, '123456', 'aaaaa-bbbbb']) {
      const res = await withdraw(victim.headers, code);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'TWO_FACTOR_REQUIRED',
        error: 'Включите двухфакторную аутентификацию, чтобы продавать и выводить средства',
        details: { reason: 'not_enabled' },
      });
    }
    expect(await balance(t.ctx, victim.userId)).toEqual({ available: 100_000_000n, locked: 0n });
    const mine = await t.app.inject({ url: '/api/v1/withdrawals/my-withdrawals', headers: victim.headers });
    expect(mine.json().data).toEqual([]);
  });

  it('cannot use an open step-up window for a withdrawal: each takes its own code', async () => {
    const user = await fundedUser('tfa_window');
    const { secret } = await enableTwoFactor(t, user.headers);
    t.clock.advance(STEP);
    const up = await call('POST', 'step-up', user.headers, { code: await totpCodeAt(secret, t.clock.now()) });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.stepUpUntil).toBe(new Date(t.clock.now().getTime() + 5 * 60_000).toISOString());
    expect((await call('GET', 'status', user.headers)).json().data.stepUpUntil).toBe(
      up.json().data.stepUpUntil,
    );
    const res = await withdraw(user.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().details).toMatchObject({ reason: 'missing' });
  });
});
