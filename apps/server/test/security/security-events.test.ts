import type { NotificationView } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { deviceOf, placeOf } from '../../src/lib/sign-in-origin.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { signInStaff } from '../admin/factories.ts';
import { fund, secondFactor } from '../factories.ts';
import { createTestApp, signIn, signInEnrolled, type TestApp, withReauth } from '../helpers.ts';
import { createKey, signed } from '../merchant-api/support.ts';
import { EXTERNAL, enableTwoFactor } from '../withdrawals/support.ts';

/**
 * Security events and «Это не я» (docs/decisions/033, "Security events"): every security event
 * reaches its owner's inbox; «Это не я» ends every session, revokes keys and webhooks, keeps
 * the hold until staff clear it and opens one case; staff «Снять удержание» lifts it, audited.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SECURITY_HOLD_HOURS: '24' });
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const HOUR_MS = 3_600_000;
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function securityNotices(headers: Headers): Promise<NotificationView[]> {
  await t.app.notifications.feed.idle();
  const res = await t.app.inject({ url: '/api/v1/notifications?limit=100', headers });
  return (res.json().data.notifications as NotificationView[]).filter((n) => n.kind === 'security_event');
}
const eventsOf = async (headers: Headers) => (await securityNotices(headers)).map((n) => n.values.event);
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, payload });

async function addWebhook(who: { userId: string; headers: Headers }) {
  const res = await post(await withReauth(t.app, who.headers), '/webhooks', {
    url: 'https://example.com/hook',
    events: ['trade:created'],
    totpCode: await secondFactor(t.ctx, who.userId),
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('where a sign-in came from', () => {
  it('names the browser and system, and a rough place: local network or the masked address', () => {
    expect(deviceOf(ANDROID_CHROME)).toBe('Chrome, Android');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox, Windows',
    );
    expect(deviceOf(undefined)).toBeNull();
    expect(placeOf('192.168.1.20')).toEqual({ local: true });
    expect(placeOf('::ffff:10.0.0.7')).toEqual({ local: true });
    expect(placeOf('127.0.0.1')).toEqual({ local: true });
    expect(placeOf('203.0.113.45')).toEqual({ masked: '203.0.113.x' });
    expect(placeOf('2001:db8:1:2::5')).toEqual({ masked: '2001:db8:1::x' });
  });
});

describe('security events reach the inbox', () => {
  it('a sign-in: the device and the masked address, «Это не я» offered', async () => {
    const first = await signIn(t.app, 'events_signin');
    // The sign-in that made the account is no news; the next ones are.
    expect(await eventsOf(first.headers)).toEqual([]);
    await signIn(t.app, 'events_signin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      payload: { username: 'events_signin' },
      headers: { 'user-agent': ANDROID_CHROME },
      remoteAddress: '203.0.113.45',
    });
    expect(res.statusCode).toBe(200);
    const [latest, earlier] = await securityNotices(first.headers);
    expect(latest).toMatchObject({
      kind: 'security_event',
      category: 'security',
      link: '/settings/security',
    });
    expect(latest?.values).toMatchObject({
      event: 'sign_in',
      device: 'Chrome, Android',
      place: '203.0.113.x',
    });
    expect(latest?.title).toBe('Новый вход в аккаунт');
    expect(latest?.message).toBe('Выполнен вход в аккаунт. Устройство: Chrome, Android. Место: 203.0.113.x.');
    expect(latest?.action).toContain('«Это не я»');
    // The second sign-in came from this machine: a private range.
    expect(earlier?.message).toContain('Место: локальная сеть.');
  });

  it('two-factor on (with the hold it starts) and off, an API key, a webhook, a saved address', async () => {
    const owner = await signIn(t.app, 'events_owner');
    // A funded account: enrolling starts a hold (an empty one enrols without).
    await fund(t.ctx, owner.userId, 'USDT', '100');
    const { secret } = await enableTwoFactor(t, owner.headers);
    expect((await eventsOf(owner.headers)).slice(0, 2)).toEqual(['hold_started', 'two_factor_enabled']);
    const [hold] = await securityNotices(owner.headers);
    expect(hold?.deadline).toBe(new Date(t.clock.now().getTime() + 24 * HOUR_MS).toISOString());

    await createKey(t, owner, ['read']);
    expect((await eventsOf(owner.headers)).slice(0, 2)).toEqual(['hold_started', 'api_key_created']);
    await addWebhook(owner);
    expect((await eventsOf(owner.headers))[0]).toBe('webhook_created');
    const saved = await post(await withReauth(t.app, owner.headers), '/withdrawals/addresses', {
      network: 'USDT-ERC20',
      address: EXTERNAL['USDT-ERC20'],
      label: 'Кошелек',
      totpCode: await secondFactor(t.ctx, owner.userId),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await eventsOf(owner.headers)).slice(0, 2)).toEqual(['hold_started', 'address_saved']);

    t.clock.advance(60_000);
    const off = await post(await withReauth(t.app, owner.headers), '/users/2fa/disable', {
      code: await totpCodeAt(secret, t.clock.now()),
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await eventsOf(owner.headers))[0]).toBe('two_factor_disabled');
  });

  it('reaches the owner even with every notification kind switched off', async () => {
    const quiet = await signIn(t.app, 'events_quiet');
    // (The account's first sign-in is no news.)
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/settings',
      headers: quiet.headers,
      payload: { notifications: { telegram: false, trades: false, deposits: false, chat: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    await signIn(t.app, 'events_quiet');
    expect((await eventsOf(quiet.headers))[0]).toBe('sign_in');
  });
});

/** A funded, enrolled victim with a key and a webhook, and the notice of the key's creation. */
async function victimWithCredentials(name: string) {
  const victim = await signInEnrolled(t, name);
  await fund(t.ctx, victim.userId, 'USDT', '500');
  const key = await createKey(t, victim, ['read']);
  await addWebhook(victim);
  const notice = (await securityNotices(victim.headers)).find((n) => n.values.event === 'api_key_created');
  if (!notice) throw new Error('no api_key_created notice');
  return { victim, key, notice };
}

const holdOf = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/v1/users/me/security-hold', headers })).json().data;

describe('«Это не я»', () => {
  it('ends every session, revokes keys and webhooks, holds until staff clear it; a second press opens no case', async () => {
    const { victim, key, notice } = await victimWithCredentials('notme_victim');
    const other = await signIn(t.app, 'notme_victim');
    const res = await post(victim.headers, '/security/not-me', { notificationId: notice.id });
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json().data;
    expect(first).toMatchObject({ opened: true, keysRevoked: 1, webhooksDeleted: 1 });
    expect(first.sessionsEnded).toBeGreaterThanOrEqual(2);

    // Every old session is over, the key is refused, the webhook is gone.
    for (const headers of [victim.headers, other.headers]) {
      expect((await t.app.inject({ url: '/api/v1/users/me', headers })).statusCode).toBe(401);
    }
    expect((await t.app.inject(signed(t, key, { url: '/api/v1/orders/my' }))).statusCode).toBe(401);
    const hooks = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM webhooks WHERE user_id = ${victim.userId}`,
    );
    expect(hooks[0]?.n).toBe(0);

    // Signed in again (the owner): held well past SECURITY_HOLD_HOURS, until staff clear it.
    t.clock.advance(72 * HOUR_MS);
    const again = await signIn(t.app, 'notme_victim');
    expect(await holdOf(again.headers)).toEqual({ active: true, until: null, untilCleared: true });
    const out = await post(again.headers, '/withdrawals/request', {
      cryptocurrency: 'USDT',
      network: 'USDT-ERC20',
      amount: '100',
      toAddress: EXTERNAL['USDT-ERC20'],
      totpCode: await secondFactor(t.ctx, again.userId),
    });
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({ code: 'SECURITY_HOLD', details: { untilCleared: true } });

    // A second press (any notice of theirs) answers with the same case.
    const second = await post(again.headers, '/security/not-me', { notificationId: notice.id });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ reportId: first.reportId, opened: false });
    const open = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM security_reports WHERE user_id = ${victim.userId}`,
    );
    expect(open[0]?.n).toBe(1);
  });

  it("nobody presses for another's event: 404, and nothing of theirs ends", async () => {
    const { victim, notice } = await victimWithCredentials('notme_target');
    const stranger = await signIn(t.app, 'notme_stranger');
    const res = await post(stranger.headers, '/security/not-me', { notificationId: notice.id });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: victim.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/users/me', headers: stranger.headers })).statusCode).toBe(200);
    expect((await holdOf(victim.headers)).untilCleared).toBe(false);
  });
});

describe('the back office', () => {
  it('lists open cases; an admin clears the hold and closes the case, audited; others cannot', async () => {
    const { victim, notice } = await victimWithCredentials('notme_cleared');
    const report = (await post(victim.headers, '/security/not-me', { notificationId: notice.id })).json()
      .data;
    const user = await signIn(t.app, 'notme_cleared');
    const admin = await signInStaff(t, { role: 'admin' });
    const moderator = await signInStaff(t, { role: 'moderator' });

    // A user's session is not a staff session.
    expect(
      (await t.app.inject({ url: '/api/v1/admin/security-reports', headers: user.headers })).statusCode,
    ).toBe(401);
    expect((await post(user.headers, `/admin/security-reports/${report.reportId}/clear`)).statusCode).toBe(
      401,
    );

    const list = await t.app.inject({ url: '/api/v1/admin/security-reports', headers: moderator.headers });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.reports.find((r: { id: string }) => r.id === report.reportId);
    expect(listed).toMatchObject({
      user: { id: victim.userId },
      eventKind: 'api_key_created',
      clearedAt: null,
      clearedBy: null,
    });
    // Moderators see the list; clearing the hold is for admins.
    expect(
      (await post(moderator.headers, `/admin/security-reports/${report.reportId}/clear`)).statusCode,
    ).toBe(403);
    expect((await holdOf(user.headers)).active).toBe(true);

    const cleared = await post(admin.headers, `/admin/security-reports/${report.reportId}/clear`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ clearedBy: { id: admin.staff.id } });
    expect(await holdOf(user.headers)).toEqual({ active: false, until: null, untilCleared: false });
    expect((await post(admin.headers, `/admin/security-reports/${report.reportId}/clear`)).statusCode).toBe(
      409,
    );
    const after = await t.app.inject({ url: '/api/v1/admin/security-reports', headers: admin.headers });
    expect(after.json().data.reports.map((r: { id: string }) => r.id)).not.toContain(report.reportId);

    const audit = await t.app.inject({
      url: '/api/v1/admin/audit-logs?action=user.security_hold_clear',
      headers: admin.headers,
    });
    expect(audit.json().data.logs).toEqual([
      expect.objectContaining({ action: 'user.security_hold_clear', entityId: victim.userId }),
    ]);
  });
});
