import { AdminMessages, translate } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { staffSignInAttempts } from '../../src/db/schema.ts';
import { createTestApp, type TestApp, testConfig } from '../helpers.ts';
import { createStaffMember, STAFF_PASSWORD } from './factories.ts';

// Password guessing per account (docs/decisions/023-trust-and-safety.md, "Staff are bounded"):
// 5 wrong passwords within 15 minutes lock the account's password sign-in for 15 minutes, on
// every instance, whichever address the guesses come from; an unknown email answers alike.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;
let ip = 0;
/** Each attempt from another IP address: the per-IP limit is not what stops these. */
const login = (email: string, password: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/admin/auth/login',
    payload: { email, password },
    remoteAddress: `203.0.113.${(ip++ % 250) + 1}`,
  });

/** What an attacker sees of an answer. */
const seen = (res: Awaited<ReturnType<typeof login>>) => ({
  status: res.statusCode,
  body: res.json() as unknown,
  retryAfter: res.headers['retry-after'] ?? null,
});

describe('per-account password lockout', () => {
  it('5 wrong passwords lock the account for 15 minutes; the right one is refused meanwhile', async () => {
    const member = await createStaffMember(t);
    for (let i = 0; i < 5; i++) {
      const wrong = await login(member.email, `wrong-password-${i}`);
      expect(wrong.statusCode, `attempt ${i + 1}`).toBe(401);
      expect(wrong.json().error).toBe(translate('ru', AdminMessages.badCredentials));
    }
    const locked = await login(member.email, STAFF_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      success: false,
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 900 },
    });
    expect(locked.json().error).toContain('15 минут');
    expect(locked.headers['retry-after']).toBe('900');
    // In English too, with when to come back.
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: { email: member.email, password: STAFF_PASSWORD },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().error).toContain('try again in 15 minutes');

    t.clock.advance(10 * MINUTE);
    const still = await login(member.email.toUpperCase(), STAFF_PASSWORD);
    expect(still.statusCode).toBe(429);
    expect(still.json().details.retryAfterSeconds).toBe(300);
    t.clock.advance(5 * MINUTE);
    const back = await login(member.email, STAFF_PASSWORD);
    expect(back.statusCode, back.body).toBe(200);
  });

  it('a right password starts the count again; failures older than 15 minutes expire', async () => {
    const member = await createStaffMember(t);
    for (let i = 0; i < 4; i++) expect((await login(member.email, 'nope-nope')).statusCode).toBe(401);
    expect((await login(member.email, STAFF_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(member.email, 'nope-nope')).statusCode).toBe(401);
    t.clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i++) expect((await login(member.email, 'nope-nope')).statusCode).toBe(401);
    expect((await login(member.email, STAFF_PASSWORD)).statusCode).toBe(200);
  });

  it('an unknown email answers exactly like an account: 401 five times, then 429', async () => {
    const member = await createStaffMember(t);
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(seen(await login(member.email, 'guess-guess')));
      unknown.push(seen(await login('no.such.staff@example.com', 'guess-guess')));
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => (k as { status: number }).status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    t.clock.advance(15 * MINUTE);
  });

  it('keeps no typed address, and guessed addresses leave no rows behind', async () => {
    for (let i = 0; i < 20; i++) await login(`guess${i}@example.com`, 'guess-guess');
    const rows = await t.ctx.db.select().from(staffSignInAttempts);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(rows)).not.toContain('example.com');
    // Once the window and the lock have passed, the next failure sweeps them away.
    t.clock.advance(31 * MINUTE);
    await login('one.more.guess@example.com', 'guess-guess');
    expect(await t.ctx.db.select().from(staffSignInAttempts)).toHaveLength(1);
  });

  it('parallel guesses get no more than 5 password checks', async () => {
    const member = await createStaffMember(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(member.email, `parallel-guess-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    t.clock.advance(15 * MINUTE);
  });

  it('every instance agrees: a lock set through one server holds on another', async () => {
    const member = await createStaffMember(t);
    const other = await buildApp(createContext(testConfig(), t.database, t.clock), { logger: false });
    await other.ready();
    try {
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : other;
        expect((await login(member.email, 'wrong-wrong', app)).statusCode).toBe(401);
      }
      expect((await login(member.email, STAFF_PASSWORD, other)).statusCode).toBe(429);
      expect((await login(member.email, STAFF_PASSWORD, t.app)).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
