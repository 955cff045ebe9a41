import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AvatarMessages, translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { tradeScenario } from '../payment-templates/setup.ts';
import { jpegWithGps, multipart, pngBomb } from './images.ts';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'p2p-avatars-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Headers = Record<string, string>;
const upload = (headers: Headers, file: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/avatar',
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
const info = async (headers: Headers) =>
  (await t.app.inject({ url: '/api/v1/users/avatar/info', headers })).json().data;
/** The avatar files the shared upload store holds, by the names their URLs use. */
const avatarFiles = async () => {
  const rows = await queryRows<{ id: string }>(t.ctx.db, sql`SELECT id FROM uploads WHERE kind = 'avatar'`);
  return rows.map((r) => `${r.id}.webp`);
};

describe('avatar upload round trip', () => {
  it('re-encodes to a metadata-free WebP, serves it publicly and shows it wherever the user appears', async () => {
    const s = await tradeScenario(t);
    const photo = await jpegWithGps();
    const res = await upload(s.seller.headers, multipart('avatar', 'me.JPG', 'image/jpeg', photo));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.avatarUrl).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}\.webp$/);
    expect(data).toMatchObject({ fileSize: photo.length, width: 64, height: 48 });
    expect(data.user.custom_avatar_url).toBe(data.avatarUrl);
    expect(data.user.effective_avatar).toBe(data.avatarUrl);

    // Public, without credentials, cacheable for good, and clean of the phone's metadata.
    const served = await t.app.inject({ url: data.avatarUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.length).toBe(data.processedSize);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Leaky 1'))).toBe(false);

    expect(await info(s.seller.headers)).toMatchObject({
      hasCustomAvatar: true,
      avatarUrl: data.avatarUrl,
      effectiveAvatar: data.avatarUrl,
      mimeType: 'image/webp',
      fileSize: data.processedSize,
      width: 64,
      height: 48,
    });
    const me = (await t.app.inject({ url: '/api/v1/users/me', headers: s.seller.headers })).json().data;
    expect(me.custom_avatar_url).toBe(data.avatarUrl);
    const trade = (
      await t.app.inject({ url: `/api/v1/trades/${s.tradeId}`, headers: s.buyer.headers })
    ).json().data.trade;
    expect(trade.seller.customAvatarUrl).toBe(data.avatarUrl);
    expect(trade.seller.avatarUrl).toBe(data.avatarUrl);
    const order = (await t.app.inject({ url: `/api/v1/orders/${s.orderId}` })).json().data;
    expect(order.user.avatar_url).toBe(data.avatarUrl);
    const profile = (await t.app.inject({ url: `/api/v1/users/${s.seller.userId}` })).json().data;
    expect(profile.user.avatar).toBe(data.avatarUrl);

    // A new upload gets a new name (cache-busting) and the old file is gone.
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const again = await upload(s.seller.headers, multipart('avatar', 'me.png', 'image/png', png));
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data;
    expect(second.avatarUrl).not.toBe(data.avatarUrl);
    expect(second).toMatchObject({ width: 512, height: 512 });
    expect((await t.app.inject({ url: data.avatarUrl })).statusCode).toBe(404);
    expect(await avatarFiles()).toEqual([second.avatarUrl.split('/').pop()]);

    // Removing it leaves no file, no URL, and the user falls back to no avatar.
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/users/avatar',
      headers: s.seller.headers,
    });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({ hasCustomAvatar: false, avatarUrl: null, effectiveAvatar: null });
    expect(await avatarFiles()).toEqual([]);
    expect((await t.app.inject({ url: second.avatarUrl })).statusCode).toBe(404);
    const after = (await t.app.inject({ url: '/api/v1/users/me', headers: s.seller.headers })).json().data;
    expect(after.custom_avatar_url).toBeNull();
  });

  it('accepts a WebP', async () => {
    const s = await signInEnrolled(t, 'avatar_webp');
    const webp = await sharp({ create: { width: 30, height: 30, channels: 3, background: 'green' } })
      .webp()
      .toBuffer();
    const res = await upload(s.headers, multipart('avatar', 'a.webp', 'image/webp', webp));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('avatar attacks are refused with the messages of the avatar form and change nothing', () => {
  const refused = async (file: ReturnType<typeof multipart>, status: number, message: string) => {
    const s = await signInEnrolled(t, `avatar_bad_${Math.random().toString(36).slice(2, 8)}`);
    const before = (await avatarFiles()).length;
    const res = await upload(s.headers, file);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error: message });
    expect((await info(s.headers)).hasCustomAvatar).toBe(false);
    expect((await avatarFiles()).length).toBe(before);
  };

  it('an SVG (even named .png)', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    await refused(
      multipart('avatar', 'a.svg', 'image/svg+xml', svg),
      400,
      translate('ru', AvatarMessages.extension),
    );
    await refused(multipart('avatar', 'a.png', 'image/png', svg), 415, translate('ru', AvatarMessages.type));
  });

  it('HTML renamed .png', async () => {
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    await refused(
      multipart('avatar', 'avatar.png', 'image/png', html),
      415,
      translate('ru', AvatarMessages.type),
    );
  });

  it('a real image with a wrong extension', async () => {
    await refused(
      multipart('avatar', 'me.gif', 'image/jpeg', await jpegWithGps()),
      400,
      translate('ru', AvatarMessages.extension),
    );
  });

  it('2 MB + 1 byte', async () => {
    const big = Buffer.concat([await jpegWithGps(), Buffer.alloc(2 * 1024 * 1024)]).subarray(
      0,
      2 * 1024 * 1024 + 1,
    );
    await refused(
      multipart('avatar', 'big.jpg', 'image/jpeg', big),
      413,
      translate('ru', AvatarMessages.size),
    );
  });

  it('a decompression bomb: a tiny PNG declaring 30000 × 30000', async () => {
    const bomb = pngBomb(30_000, 30_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const s = await signInEnrolled(t, 'avatar_bomb');
    const res = await upload(s.headers, multipart('avatar', 'bomb.png', 'image/png', bomb));
    expect(res.statusCode, res.body).toBe(413);
    expect((await info(s.headers)).hasCustomAvatar).toBe(false);
  });

  it('no file, and strangers to the API', async () => {
    const anonymous = await upload({}, multipart('avatar', 'a.jpg', 'image/jpeg', await jpegWithGps()));
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/avatars/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/avatars/${'0'.repeat(32)}.webp` })).statusCode).toBe(404);
  });
});
