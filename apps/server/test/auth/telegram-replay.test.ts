import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { ManualClock } from '../../src/lib/clock.ts';
import { signLoginWidget, signWebAppInitData } from '../../src/modules/auth/telegram.ts';
import { createTestApp, createTestDatabase, TEST_BOT_TOKEN, type TestApp, testConfig } from '../helpers.ts';

/**
 * A Telegram sign-in payload is accepted once (docs/decisions/023, "Telegram is tied to its
 * owner"): whoever copies one (a log, a proxy, the browser history) cannot sign in with it again.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REPLAYED = translate('ru', 'botSafety.signInReplayed');
const nowS = () => Math.floor(t.clock.now().getTime() / 1000);

function widget(id: number, extra: Record<string, string> = {}, authDate = nowS()) {
  const fields = { id: String(id), first_name: 'Тест', auth_date: String(authDate), ...extra };
  return { ...fields, hash: signLoginWidget(fields, TEST_BOT_TOKEN) };
}
const initData = (id: number, authDate = nowS()) =>
  signWebAppInitData(
    {
      query_id: 'AAH-replay',
      user: JSON.stringify({ id, first_name: 'Мария' }),
      auth_date: String(authDate),
    },
    TEST_BOT_TOKEN,
  );
const postWidget = (payload: object, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/telegram', payload });
const postWebApp = (data: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/telegram/webapp', payload: { initData: data } });
const digest = (hash: string) => createHash('sha256').update(hash.toLowerCase()).digest('hex');

async function storedDigests(): Promise<string[]> {
  const rows = await queryRows<{ hash_digest: string }>(
    t.ctx.db,
    sql`SELECT hash_digest FROM telegram_sign_ins ORDER BY hash_digest`,
  );
  return rows.map((r) => r.hash_digest);
}

describe('a Telegram sign-in payload is accepted once', () => {
  it('refuses a replayed Login Widget payload, in any letter case of its hash, with 401', async () => {
    const payload = widget(7300001, { username: 'replay_widget' });
    const first = await postWidget(payload);
    expect(first.statusCode).toBe(200);
    const again = await postWidget(payload);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ success: false, error: REPLAYED, code: 'UNAUTHORIZED' });
    // The signature check accepts upper-case hex: the same payload must not pass as a new one.
    const shouted = await postWidget({ ...payload, hash: payload.hash.toUpperCase() });
    expect(shouted.statusCode).toBe(401);
    expect(shouted.json().error).toBe(REPLAYED);
    // English too (the catalogue's text).
    const english = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/telegram',
      headers: { 'accept-language': 'en' },
      payload,
    });
    expect(english.json().error).toBe(translate('en', 'botSafety.signInReplayed'));
  });

  it('refuses replayed Mini App initData with 401', async () => {
    const data = initData(7300002);
    expect((await postWebApp(data)).statusCode).toBe(200);
    const again = await postWebApp(data);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe(REPLAYED);
  });

  it('a refused payload (bad signature, stale) is not recorded, so it cannot block the real one', async () => {
    const payload = widget(7300003);
    const forged = { ...payload, first_name: 'Подмена' };
    expect((await postWidget(forged)).statusCode).toBe(401);
    expect(await storedDigests()).not.toContain(digest(payload.hash));
    expect((await postWidget(payload)).statusCode).toBe(200);
  });

  it('stores a digest of the hash, never the hash, until the payload would be stale; then purges it', async () => {
    const payload = widget(7300004);
    expect((await postWidget(payload)).statusCode).toBe(200);
    const digests = await storedDigests();
    expect(digests).toContain(digest(payload.hash));
    expect(digests).not.toContain(payload.hash);
    const [row] = await queryRows<{ expires_at: Date | string }>(
      t.ctx.db,
      sql`SELECT expires_at FROM telegram_sign_ins WHERE hash_digest = ${digest(payload.hash)}`,
    );
    // auth_date + 24 h (TELEGRAM_MAX_AGE_SECONDS) and the second in which it is still accepted.
    expect(
      new Date(String(row?.expires_at instanceof Date ? row.expires_at.toISOString() : row?.expires_at)),
    ).toEqual(new Date((Number(payload.auth_date) + 24 * 3600 + 1) * 1000));

    // A day later the payload is stale anyway: the next sign-in purges its row.
    t.clock.advance(24 * 3600 * 1000 + 2000);
    expect((await postWidget(payload)).json().error).not.toBe(REPLAYED); // stale, refused as such
    expect((await postWidget(widget(7300005))).statusCode).toBe(200);
    expect(await storedDigests()).not.toContain(digest(payload.hash));
  });

  it('concurrent replays of one payload: exactly one signs in', async () => {
    for (let round = 0; round < 5; round++) {
      const payload = widget(7300100 + round);
      const data = initData(7300200 + round);
      const widgets = await Promise.all(Array.from({ length: 6 }, () => postWidget(payload)));
      const webapps = await Promise.all(Array.from({ length: 6 }, () => postWebApp(data)));
      for (const results of [widgets, webapps]) {
        expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
        expect(results.filter((r) => r.statusCode === 401).map((r) => r.json().error)).toEqual(
          Array(5).fill(REPLAYED),
        );
      }
    }
  });
});

describe('a Telegram sign-in never reaches the logs', () => {
  it('keeps the hash, initData and the user fields out of request and error logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { database, dispose } = await createTestDatabase();
    const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
    const app = await buildApp(createContext(testConfig(), database, clock), {
      logger: { level: 'trace', stream },
    });
    await app.ready();
    try {
      const s = Math.floor(clock.now().getTime() / 1000);
      const sign = (fields: Record<string, string>) => ({
        ...fields,
        hash: signLoginWidget(fields, TEST_BOT_TOKEN),
      });
      const secrets: string[] = [];
      const widgetFields = sign({
        id: '7390001',
        first_name: 'Евлампий',
        username: 'probe_nick',
        auth_date: String(s),
      });
      secrets.push(widgetFields.hash, 'Евлампий', 'probe_nick', '7390001');

      // Back from Telegram's redirect: the signed fields in the query of the page's URL.
      const query = new URLSearchParams({ return: '/dashboard', ...widgetFields }).toString();
      await app.inject({ url: `/auth?${query}`, headers: { accept: 'text/html' } });
      // The sign-in, its replay, a forged one, and an API call with the fields in its query.
      expect((await postWidget(widgetFields, app)).statusCode).toBe(200);
      expect((await postWidget(widgetFields, app)).statusCode).toBe(401);
      expect((await postWidget({ ...widgetFields, first_name: 'Евлампий2' }, app)).statusCode).toBe(401);
      await app.inject({ method: 'POST', url: `/api/v1/auth/telegram?${query}`, payload: widgetFields });
      // Mini App initData, valid and replayed.
      const data = signWebAppInitData(
        {
          query_id: 'AAH-probe-query',
          user: JSON.stringify({ id: 7390002, first_name: 'Феофан', username: 'probe_webapp' }),
          auth_date: String(s),
        },
        TEST_BOT_TOKEN,
      );
      secrets.push(
        new URLSearchParams(data).get('hash') as string,
        'Феофан',
        'probe_webapp',
        'AAH-probe-query',
      );
      expect((await postWebApp(data, app)).statusCode).toBe(200);
      expect((await postWebApp(data, app)).statusCode).toBe(401);
      // A failure inside the sign-in (the database refuses the user row): a 500 whose error is
      // logged, and whose database error would carry the row's values.
      await database.execScript(
        "ALTER TABLE users ADD CONSTRAINT probe_refuses CHECK (first_name <> 'Онуфрий')",
      );
      const failing = sign({
        id: '7390003',
        first_name: 'Онуфрий',
        username: 'probe_failing',
        auth_date: String(s),
      });
      secrets.push(failing.hash, 'Онуфрий', 'probe_failing');
      const broken = await postWidget(failing, app);
      expect(broken.statusCode).toBe(500);
      expect(broken.body).not.toContain('Онуфрий');

      const log = lines.join('');
      // The log did record these requests (the test would prove nothing otherwise).
      expect(log).toContain('/api/v1/auth/telegram');
      expect(log).toContain('"url":"/auth');
      expect(log).toContain('unhandled error');
      expect(log).toContain('Telegram sign-in failed (SQLSTATE 23514)');
      for (const secret of secrets) {
        expect(log, secret).not.toContain(secret);
        expect(log, secret).not.toContain(encodeURIComponent(secret));
      }
    } finally {
      await app.close();
      await dispose();
    }
  });
});
