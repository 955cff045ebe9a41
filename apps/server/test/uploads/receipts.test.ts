import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { moneySnapshot, recordEvents, tradeScenario } from '../payment-templates/setup.ts';
import { jpegWithGps, multipart, pngBomb, pngWithAlpha } from './images.ts';

const NOT_IMAGE = 'Пожалуйста, выберите изображение (JPG, PNG)';
const TOO_LARGE = 'Файл слишком большой. Максимум 5MB';
const FIVE_MB = 5 * 1024 * 1024;

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'p2p-receipts-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (tradeId: string, headers: Record<string, string>, file: ReturnType<typeof multipart>) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/trades/${tradeId}/payment-proof`,
    headers: { ...headers, ...file.headers },
    payload: file.payload,
  });
const download = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
/** Receipts in the shared upload store (migration 0015). */
const storedReceipts = () =>
  queryRows<{ id: string; content_type: string; size: number }>(
    t.ctx.db,
    sql`SELECT id, content_type, size FROM uploads WHERE kind = 'receipt'`,
  );
const receiptFiles = async () => (await storedReceipts()).map((r) => r.id);

describe('the buyer uploads a receipt', () => {
  it('accepts a JPEG, strips its EXIF/GPS, and serves it only to the parties', async () => {
    const s = await tradeScenario(t);
    const photo = await jpegWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif).toBeDefined(); // the fixture really leaks a position
    const money = await moneySnapshot(t, [s.seller.userId, s.buyer.userId]);
    const rec = recordEvents(t);

    const res = await upload(
      s.tradeId,
      s.buyer.headers,
      multipart('proof', 'IMG_0001.jpg', 'image/jpeg', photo),
    );
    rec.stop();
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.url).toMatch(/^\/api\/v1\/uploads\/receipts\/[0-9a-f-]{36}$/);
    expect(data.fileSize).toBe(photo.length);
    expect(data.processedSize).toBeGreaterThan(0);

    const served = await download(data.url, s.seller.headers);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.rawPayload.length).toBe(data.processedSize);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Leaky 1'))).toBe(false);
    expect((await download(data.url, s.buyer.headers)).statusCode).toBe(200);

    // Stored in the database every instance reads, as our JPEG; nothing on this instance's disk.
    const stored = await storedReceipts();
    expect(stored.length).toBeGreaterThan(0);
    for (const r of stored) expect(r).toMatchObject({ content_type: 'image/jpeg' });
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);

    const stranger = await download(data.url, s.stranger.headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.headers['content-type']).toMatch(/json/);
    expect((await download(data.url)).statusCode).toBe(401);
    expect(
      (await download('/api/v1/uploads/receipts/00000000-0000-4000-8000-000000000000', s.buyer.headers))
        .statusCode,
    ).toBe(404);

    const trade = (await download(`/api/v1/trades/${s.tradeId}`, s.seller.headers)).json().data.trade;
    expect(trade.paymentProof).toBe(data.url);
    expect(trade.paymentProofFiles).toEqual([
      {
        id: data.url.split('/').pop(),
        name: 'IMG_0001.jpg',
        size: data.processedSize,
        type: 'image/jpeg',
        url: data.url,
        uploadedAt: t.clock.now().toISOString(),
        matches: [], // the seller is told of reused receipts; this one is the first of its kind
      },
    ]);
    expect(trade.status).toBe('ESCROW_LOCKED'); // a receipt is not a payment

    const payload = {
      tradeId: s.tradeId,
      url: data.url,
      uploadedBy: s.buyer.userId,
      uploadedAt: t.clock.now().toISOString(),
      fileSize: photo.length,
    };
    expect(rec.events).toEqual([
      { room: `user:${s.buyer.userId}`, event: 'trade:payment_proof_uploaded', payload },
      { room: `user:${s.seller.userId}`, event: 'trade:payment_proof_uploaded', payload },
    ]);
    expect(await moneySnapshot(t, [s.seller.userId, s.buyer.userId])).toEqual(money);
  });

  it('accepts a PNG (transparency flattened) after "paid"; the latest receipt becomes paymentProof', async () => {
    const s = await tradeScenario(t);
    const first = await upload(
      s.tradeId,
      s.buyer.headers,
      multipart('proof', 'a.jpg', 'image/jpeg', await jpegWithGps()),
    );
    await s.act(s.buyer.userId, 'mark_paid');
    t.clock.advance(1000);
    const res = await upload(
      s.tradeId,
      s.buyer.headers,
      multipart('proof', 'screen.png', 'image/png', await pngWithAlpha()),
    );
    expect(res.statusCode, res.body).toBe(200);
    const served = await download(res.json().data.url, s.seller.headers);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 40, height: 30, hasAlpha: false });

    const trade = (await download(`/api/v1/trades/${s.tradeId}`, s.buyer.headers)).json().data.trade;
    expect(trade.paymentProof).toBe(res.json().data.url);
    expect(trade.paymentProofFiles.map((f: { url: string }) => f.url)).toEqual([
      first.json().data.url,
      res.json().data.url,
    ]);
  });
});

describe('files that are not receipts', () => {
  let s: Awaited<ReturnType<typeof tradeScenario>>;
  beforeAll(async () => {
    s = await tradeScenario(t);
  });
  const refused = async (file: ReturnType<typeof multipart>, status: number, message?: string) => {
    const before = (await receiptFiles()).length;
    const res = await upload(s.tradeId, s.buyer.headers, file);
    expect(res.statusCode, res.body).toBe(status);
    if (message) expect(res.json().error).toBe(message);
    expect(res.json().success).toBe(false);
    expect((await receiptFiles()).length).toBe(before);
    return res;
  };

  it('refuses SVG, HTML named .png, and JPEG magic followed by garbage (415)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await refused(multipart('proof', 'receipt.svg', 'image/svg+xml', svg), 415, NOT_IMAGE);
    const html = Buffer.from(
      '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
    );
    await refused(multipart('proof', 'receipt.png', 'image/png', html), 415, NOT_IMAGE);
    const fake = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('<html>not really a jpeg</html>'),
    ]);
    await refused(multipart('proof', 'receipt.jpg', 'image/jpeg', fake), 415, NOT_IMAGE);
    await refused(multipart('proof', 'empty.jpg', 'image/jpeg', Buffer.alloc(0)), 415, NOT_IMAGE);
  });

  it('refuses 5 MB + 1 byte (413), while exactly 5 MB gets past the size check', async () => {
    const magic = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    const over = Buffer.concat([magic, Buffer.alloc(FIVE_MB + 1 - magic.length)]);
    const res = await refused(multipart('proof', 'big.jpg', 'image/jpeg', over), 413, TOO_LARGE);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    const exact = Buffer.concat([magic, Buffer.alloc(FIVE_MB - magic.length)]);
    await refused(multipart('proof', 'big.jpg', 'image/jpeg', exact), 415, NOT_IMAGE);
  });

  it('refuses a decompression bomb with a 4xx, never 500', async () => {
    const bomb = pngBomb(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    // it is a well-formed PNG declaring 400 megapixels
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 20_000,
      height: 20_000,
      format: 'png',
    });
    const res = await refused(multipart('proof', 'bomb.png', 'image/png', bomb), 413);
    expect(res.json().error).toMatch(/мегапиксел/);
    // few pixels, but one side longer than the 16384 px accepted
    await refused(multipart('proof', 'strip.png', 'image/png', pngBomb(20_000, 10)), 413);
  });

  it('requires a multipart file in field "proof"', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${s.tradeId}/payment-proof`,
      headers: s.buyer.headers,
      payload: { proof: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(415);
    await refused(
      multipart('file', 'a.jpg', 'image/jpeg', await jpegWithGps()),
      400,
      'Файл чека ожидается в поле proof',
    );
  });
});

describe('who may upload, and when', () => {
  it('refuses the seller (403) and strangers (404); nothing is stored and no money moves', async () => {
    const s = await tradeScenario(t);
    const photo = await jpegWithGps();
    const money = await moneySnapshot(t, [s.seller.userId, s.buyer.userId]);
    const before = (await receiptFiles()).length;
    const bySeller = await upload(
      s.tradeId,
      s.seller.headers,
      multipart('proof', 'a.jpg', 'image/jpeg', photo),
    );
    expect(bySeller.statusCode).toBe(403);
    expect(bySeller.json().code).toBe('FORBIDDEN');
    const byStranger = await upload(
      s.tradeId,
      s.stranger.headers,
      multipart('proof', 'a.jpg', 'image/jpeg', photo),
    );
    expect(byStranger.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/trades/${s.tradeId}/payment-proof`,
      ...multipart('proof', 'a.jpg', 'image/jpeg', photo),
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await receiptFiles()).length).toBe(before);
    const trade = (await download(`/api/v1/trades/${s.tradeId}`, s.buyer.headers)).json().data.trade;
    expect(trade).toMatchObject({ paymentProof: null, paymentProofFiles: [] });
    expect(await moneySnapshot(t, [s.seller.userId, s.buyer.userId])).toEqual(money);
  });

  it('answers 409 after the payment is confirmed or the trade is cancelled', async () => {
    const s = await tradeScenario(t);
    const photo = await jpegWithGps();
    await s.act(s.buyer.userId, 'mark_paid');
    await s.act(s.seller.userId, 'confirm_payment');
    const confirmed = await upload(
      s.tradeId,
      s.buyer.headers,
      multipart('proof', 'a.jpg', 'image/jpeg', photo),
    );
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().error).toBe('Действие недоступно');

    const c = await tradeScenario(t);
    await c.act(c.buyer.userId, 'cancel_trade');
    expect(
      (await upload(c.tradeId, c.buyer.headers, multipart('proof', 'a.jpg', 'image/jpeg', photo))).statusCode,
    ).toBe(409);
  });

  it('keeps at most 10 receipts per trade', async () => {
    const s = await tradeScenario(t);
    const photo = await jpegWithGps();
    for (let i = 0; i < 10; i++) {
      const ok = await upload(
        s.tradeId,
        s.buyer.headers,
        multipart('proof', `r${i}.jpg`, 'image/jpeg', photo),
      );
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const before = (await receiptFiles()).length;
    const eleventh = await upload(
      s.tradeId,
      s.buyer.headers,
      multipart('proof', 'r10.jpg', 'image/jpeg', photo),
    );
    expect(eleventh.statusCode).toBe(400);
    expect((await receiptFiles()).length).toBe(before); // the processed file was removed again
  });
});

describe('rate limit', () => {
  it('allows 10 uploads a minute per user, then 429', async () => {
    const limited = await createTestApp({ DATA_DIR: dataDir, RATE_LIMIT: '1' });
    try {
      const s = await tradeScenario(limited);
      const file = multipart('proof', 'x.txt', 'text/plain', Buffer.from('hello'));
      const send = () =>
        limited.app.inject({
          method: 'POST',
          url: `/api/v1/trades/${s.tradeId}/payment-proof`,
          headers: { ...s.buyer.headers, ...file.headers },
          payload: file.payload,
        });
      for (let i = 0; i < 10; i++) expect((await send()).statusCode).toBe(415);
      const res = await send();
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('receipts stored before the shared upload store', () => {
  it('are still served from this instance’s DATA_DIR to the parties', async () => {
    const s = await tradeScenario(t);
    const legacyName = `${'ab'.repeat(16)}.jpg`;
    const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    mkdirSync(join(dataDir, 'uploads', 'receipts'), { recursive: true });
    writeFileSync(join(dataDir, 'uploads', 'receipts', legacyName), bytes);
    const [row] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`INSERT INTO payment_proofs (trade_id, uploader_id, storage_key, size, processed_size, width, height)
          VALUES (${s.tradeId}, ${s.buyer.userId}, ${legacyName}, ${bytes.length}, ${bytes.length}, 4, 4)
          RETURNING id`,
    );
    const url = `/api/v1/uploads/receipts/${row?.id}`;
    const res = await download(url, s.seller.headers);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect((await download(url, (await tradeScenario(t)).buyer.headers)).statusCode).toBe(404);
    rmSync(join(dataDir, 'uploads'), { recursive: true, force: true });
  });
});
