import { formatZonedTime, systemLineText, translate } from '@p2p/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema.ts';
import { signLoginWidget } from '../../src/modules/auth/telegram.ts';
import { signInStaff } from '../admin/factories.ts';
import { disputedTradeScenario } from '../factories.ts';
import { createTestApp, signIn, TEST_BOT_TOKEN, type TestApp } from '../helpers.ts';

/** The user's own time zone (docs/decisions/030): set at sign-in, changed in the profile. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const devLogin = (username: string, zone?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/dev-login',
    payload: { username },
    headers: zone === undefined ? {} : { 'x-time-zone': zone },
  });

async function zoneOf(username: string) {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.username, username));
  return row?.timeZone ?? null;
}

describe('users.time_zone', () => {
  it('is Moscow until the browser says otherwise', async () => {
    const res = await devLogin('tz_default');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.timeZone).toBe('Europe/Moscow');
    expect(await zoneOf('tz_default')).toBe('Europe/Moscow');
  });

  it('is set from the browser at sign-in, in its canonical spelling, and again at the next sign-in', async () => {
    const first = await devLogin('tz_signin', 'asia/yekaterinburg');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.user.timeZone).toBe('Asia/Yekaterinburg');
    expect(await zoneOf('tz_signin')).toBe('Asia/Yekaterinburg');
    await devLogin('tz_signin', 'Europe/Berlin');
    expect(await zoneOf('tz_signin')).toBe('Europe/Berlin');
    // A sign-in without the header leaves the zone as it was.
    await devLogin('tz_signin');
    expect(await zoneOf('tz_signin')).toBe('Europe/Berlin');
  });

  it('is set at a Telegram sign-in too', async () => {
    const fields = {
      id: '8800001',
      first_name: 'Тест',
      auth_date: String(Math.floor(t.clock.now().getTime() / 1000)),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      payload: { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) },
      headers: { 'x-time-zone': 'Asia/Vladivostok' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.timeZone).toBe('Asia/Vladivostok');
  });

  it('refuses an unknown zone at sign-in with a 400 and writes nothing', async () => {
    const res = await devLogin('tz_refused', 'Mars/Olympus');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      error: translate('ru', 'validation.timeZone'),
    });
    // Not even the account: the refusal came before the sign-in.
    expect(await zoneOf('tz_refused')).toBeNull();
  });

  it('is changed from the profile; an unknown zone is a 400 and leaves it unchanged', async () => {
    const me = await signIn(t.app, 'tz_profile');
    const put = (timeZone: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/users/me/time-zone',
        headers: me.headers,
        payload: { timeZone },
      });
    const ok = await put('Asia/Novosibirsk');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.timeZone).toBe('Asia/Novosibirsk');
    const read = await t.app.inject({ url: '/api/v1/users/me', headers: me.headers });
    expect(read.json().data.timeZone).toBe('Asia/Novosibirsk');

    for (const bad of ['Mars/Olympus', '', 'Europe/Berlin; DROP TABLE users', 42, 'x'.repeat(100)]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect((await put('Mars/Olympus')).json().error).toBe(translate('ru', 'validation.timeZone'));
    expect(await zoneOf('tz_profile')).toBe('Asia/Novosibirsk');
    // Unauthenticated: 401 before validation.
    const anon = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users/me/time-zone',
      payload: { timeZone: 'UTC' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe("the chat's evidence request line", () => {
  it('carries its deadline as data, which each reader writes in their own zone', async () => {
    const { tradeId, seller } = await disputedTradeScenario(t.ctx);
    await t.ctx.db.update(users).set({ timeZone: 'Asia/Yekaterinburg' }).where(eq(users.id, seller.id));
    const mod = await signInStaff(t, { role: 'moderator' });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${tradeId}/take`,
      headers: mod.headers,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/disputes/${tradeId}/evidence`,
      headers: mod.headers,
      payload: { party: 'seller', text: 'Выписка за день сделки', hours: 12 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const deadline = new Date(res.json().data.deadline as string);

    const [sellerRow] = await t.ctx.db.select().from(users).where(eq(users.id, seller.id));
    const session = await signIn(t.app, sellerRow?.username ?? '');
    const chat = await t.app.inject({ url: `/api/v1/trades/${tradeId}/messages`, headers: session.headers });
    const line = chat.json().data.messages.find((m: { type: string }) => m.type === 'MODERATOR');
    expect(line).toMatchObject({
      contentKey: 'bo.chatEvidenceRequest',
      contentValues: { party: 'seller', deadline: deadline.toISOString(), text: 'Выписка за день сделки' },
    });
    // The stored text, for a client without the key, names Moscow time, never a bare UTC.
    const moscow = formatZonedTime(deadline, 'Europe/Moscow', 'ru', { withDate: true });
    expect(line.content).toContain(`до ${moscow}:`);
    expect(line.content).not.toContain('UTC');
    // Two readers in two zones read the same line each in their own.
    const yekaterinburg = systemLineText(line, 'ru', 'Asia/Yekaterinburg');
    expect(yekaterinburg).toContain(
      `до ${formatZonedTime(deadline, 'Asia/Yekaterinburg', 'ru', { withDate: true })}:`,
    );
    expect(yekaterinburg).toMatch(/\(UTC\+5\):/);
    const london = systemLineText(line, 'en', 'Europe/London');
    expect(london).toContain(formatZonedTime(deadline, 'Europe/London', 'en', { withDate: true }));
    expect(london).toMatch(/\(UTC\+0\)/);
    // The seller's inbox (and so the bot) has the line in the seller's own zone.
    await t.app.notifications.feed.idle();
    const inbox = await t.app.inject({ url: '/api/v1/notifications?limit=5', headers: session.headers });
    const notice = inbox
      .json()
      .data.notifications.find((n: { kind: string }) => n.kind === 'moderator_message');
    expect(notice.message).toBe(yekaterinburg);
  });
});
