import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { fingerprintReceipt, hammingDistance } from '../../src/modules/uploads/receipt-fingerprint.ts';
import { reencodeReceipt } from '../../src/modules/uploads/receipt-image.ts';
import {
  insertThumbnail,
  lockReceiptMatching,
} from '../../src/modules/uploads/receipt-matches.repository.ts';
import { insertProof } from '../../src/modules/uploads/uploads.repository.ts';
import { signInStaff } from '../admin/factories.ts';
import { expectLedgerSound } from '../factories.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { tradeScenario } from '../payment-templates/setup.ts';
import { multipart } from './images.ts';
import {
  drawPayments,
  GREEN_BANK,
  GREEN_PAYMENTS,
  paintedOverAmount,
  type ReceiptValues,
  receiptPng,
} from './receipt-images.ts';

// Reused receipts (docs/decisions/023-trust-and-safety.md): a receipt that is, or is an edited
// copy of, a receipt of another trade is shown as such to the seller and to staff on a dispute.

let t: TestApp;
let staffId: string;
beforeAll(async () => {
  t = await createTestApp();
  staffId = (await signInStaff(t, { role: 'moderator' })).staff.id;
});
afterAll(async () => {
  await expectLedgerSound(t.ctx);
  await t.close();
});

type Scenario = Awaited<ReturnType<typeof tradeScenario>>;
const payment = (i: number) => GREEN_PAYMENTS[i] as ReceiptValues;
const png = (i: number) => receiptPng(GREEN_BANK, payment(i));
let drawn = 0;
/** A payment no other test uploads (another test's copies would rightly match it). */
const freshPayment = () => drawPayments(GREEN_BANK, 1, 1000 + drawn++)[0] as ReceiptValues;

async function upload(s: Scenario, bytes: Buffer, name = 'receipt.png') {
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const file = multipart('proof', name, type, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/trades/${s.tradeId}/payment-proof`,
    headers: { ...s.buyer.headers, ...file.headers },
    payload: file.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  t.clock.advance(60_000);
  return res.json().data.url as string;
}
/** The trade's receipts as `who` sees them. */
async function receiptsSeenBy(s: Scenario, who: { headers: Record<string, string> }) {
  const res = await t.app.inject({ url: `/api/v1/trades/${s.tradeId}`, headers: who.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.trade.paymentProofFiles as { uploadedAt: string; matches?: unknown[] }[];
}
const short = (s: Scenario) => s.tradeId.slice(-8);

describe('a receipt of another trade, uploaded again', () => {
  it('matches exactly, and both sellers see it: the later trade and the earlier one', async () => {
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const bytes = await png(0);
    await upload(first, bytes);
    await upload(second, bytes);

    const [earlier] = await receiptsSeenBy(first, first.seller);
    const [later] = await receiptsSeenBy(second, second.seller);
    expect(later?.matches).toEqual([
      { tradeShortId: short(first), uploadedAt: earlier?.uploadedAt, kind: 'exact' },
    ]);
    expect(earlier?.matches).toEqual([
      { tradeShortId: short(second), uploadedAt: later?.uploadedAt, kind: 'exact' },
    ]);
    // Nothing names the other trade's parties or its full id.
    const body = JSON.stringify(later);
    for (const id of [first.tradeId, first.buyer.userId, first.seller.userId]) expect(body).not.toContain(id);
  });

  it('is hidden from the buyer who uploaded it, and from strangers', async () => {
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const bytes = await png(1);
    await upload(first, bytes);
    await upload(second, bytes);
    for (const s of [first, second]) {
      const [file] = await receiptsSeenBy(s, s.buyer);
      expect(file).toBeDefined();
      expect(file).not.toHaveProperty('matches');
      const res = await t.app.inject({ url: `/api/v1/trades/${s.tradeId}`, headers: s.stranger.headers });
      expect(res.statusCode).toBe(404);
    }
    // In the list of the buyer's trades neither; in the seller's list, yes.
    const mine = await t.app.inject({ url: '/api/v1/trades', headers: second.buyer.headers });
    expect(JSON.stringify(mine.json().data)).not.toContain('"matches"');
    const sellers = await t.app.inject({ url: '/api/v1/trades', headers: second.seller.headers });
    const listed = sellers.json().data.trades.find((x: { id: string }) => x.id === second.tradeId);
    expect(listed.paymentProofFiles[0].matches).toEqual([
      expect.objectContaining({ tradeShortId: short(first) }),
    ]);
  });

  it('downloaded from the product and uploaded as it is, matches exactly', async () => {
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const url = await upload(first, await png(2));
    // The first trade's buyer (or seller) can save the JPEG we serve them.
    const served = await t.app.inject({ url, headers: first.buyer.headers });
    expect(served.statusCode).toBe(200);
    await upload(second, served.rawPayload, 'receipt.jpg');
    const [file] = await receiptsSeenBy(second, second.seller);
    expect(file?.matches).toEqual([expect.objectContaining({ tradeShortId: short(first), kind: 'exact' })]);
  });

  it('re-encoded with the amount painted over, matches as similar', async () => {
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const original = await png(3);
    await upload(first, original);
    const forged = await paintedOverAmount(original, GREEN_BANK, payment(3), '93 400,00', 72);
    await upload(second, forged, 'receipt.jpg');
    const [earlier] = await receiptsSeenBy(first, first.seller);
    const [later] = await receiptsSeenBy(second, second.seller);
    expect(later?.matches).toEqual([
      { tradeShortId: short(first), uploadedAt: earlier?.uploadedAt, kind: 'similar' },
    ]);
    expect(earlier?.matches).toEqual([
      { tradeShortId: short(second), uploadedAt: later?.uploadedAt, kind: 'similar' },
    ]);
  });
});

describe('what is not a match', () => {
  it('another payment in the same bank app, even the same payer minutes later', async () => {
    // GREEN_PAYMENTS[4] is GREEN_PAYMENTS[0]'s payer and payee, 4 minutes later, 500 more;
    // no other test uploads it.
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const third = await tradeScenario(t);
    await upload(first, await png(0));
    await upload(second, await png(4));
    await upload(third, await receiptPng(GREEN_BANK, freshPayment()));
    for (const s of [second, third]) expect((await receiptsSeenBy(s, s.seller))[0]?.matches).toEqual([]);
  });

  it('receipts of the same trade never match each other', async () => {
    const s = await tradeScenario(t);
    const bytes = await receiptPng(GREEN_BANK, freshPayment());
    await upload(s, bytes);
    await upload(s, bytes);
    const files = await receiptsSeenBy(s, s.seller);
    expect(files.map((f) => f.matches)).toEqual([[], []]);
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`SELECT count(*)::int AS n FROM receipt_matches WHERE trade_id = ${s.tradeId}`,
    );
    expect(row?.n).toBe(0);
  });

  it('a receipt stored before matching existed has no hashes: no matches field, never a match', async () => {
    const s = await tradeScenario(t);
    await queryRows(
      t.ctx.db,
      sql`INSERT INTO payment_proofs (trade_id, uploader_id, storage_key, size, processed_size, width, height)
          VALUES (${s.tradeId}, ${s.buyer.userId}, ${`${'cd'.repeat(16)}.jpg`}, 10, 10, 4, 4)`,
    );
    const [file] = await receiptsSeenBy(s, s.seller);
    expect(file).toBeDefined();
    expect(file).not.toHaveProperty('matches');
  });
});

describe('staff', () => {
  it('see the matches of a disputed trade, on the case file and the trade; nothing before the dispute', async () => {
    const first = await tradeScenario(t);
    const second = await tradeScenario(t);
    const original = await receiptPng(GREEN_BANK, freshPayment());
    await upload(first, original);
    await upload(second, await sharp(original).jpeg({ quality: 60 }).toBuffer(), 'receipt.jpg');

    const { accessToken } = await t.ctx.sessions.start('staff', staffId);
    const asStaff = (url: string) =>
      t.app.inject({ url: `/api/v1/admin${url}`, headers: { authorization: `Bearer ${accessToken}` } });
    expect((await asStaff(`/trades/${second.tradeId}`)).statusCode).toBe(404);
    await second.act(second.buyer.userId, 'mark_paid');
    await second.act(second.buyer.userId, 'dispute_trade');

    const expected = [{ tradeShortId: short(first), uploadedAt: expect.any(String), kind: 'similar' }];
    const trade = (await asStaff(`/trades/${second.tradeId}`)).json().data.trade;
    expect(trade.paymentProofFiles[0].matches).toEqual(expected);
    const file = (await asStaff(`/disputes/${second.tradeId}`)).json().data;
    expect(file.trade.paymentProofFiles[0].matches).toEqual(expected);
    // The matched trade itself is not disputed: still not theirs to see.
    expect((await asStaff(`/trades/${first.tradeId}`)).statusCode).toBe(404);
    // And the buyer of the disputed trade still sees none.
    expect((await receiptsSeenBy(second, second.buyer))[0]).not.toHaveProperty('matches');
  });
});

describe('matching in the database', () => {
  it('counts differing bits as the server does, on this engine', async () => {
    const pairs: [bigint, bigint][] = [
      [0n, 0n],
      [0n, -1n],
      [-1n, BigInt.asIntN(64, 0x7fffffffffffffffn)],
      [BigInt.asIntN(64, 0xaaaaaaaaaaaaaaaan), 0x5555555555555555n],
      [0x0123456789abcdefn, BigInt.asIntN(64, 0xfedcba9876543210n)],
    ];
    for (const [a, b] of pairs) {
      const [row] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`SELECT bit_count((${a.toString()}::bigint # ${b.toString()}::bigint)::bit(64))::int AS n`,
      );
      expect(row?.n).toBe(hammingDistance(a, b));
    }
  });

  // PGlite has one connection: its transactions run one after another, nothing to race.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'a copy uploaded while another is being matched waits for it, then finds it',
    async () => {
      const first = await tradeScenario(t);
      const second = await tradeScenario(t);
      const bytes = await receiptPng(GREEN_BANK, freshPayment());
      const fingerprint = await fingerprintReceipt((await reencodeReceipt(bytes)).data);
      let secondUpload: Promise<{ statusCode: number; body: string }> | undefined;
      await t.ctx.db.transaction(async (tx) => {
        // The first upload, half-way: its receipt written, matching under way, not committed.
        const proof = await insertProof(tx, {
          tradeId: first.tradeId,
          uploaderId: first.buyer.userId,
          storageKey: randomUUID(),
          size: bytes.length,
          processedSize: bytes.length,
          width: 720,
          height: 1560,
          sha256: fingerprint.sha256,
          phash: fingerprint.phash,
          createdAt: t.clock.now(),
        });
        await insertThumbnail(tx, proof.id, fingerprint.thumbnail);
        await lockReceiptMatching(tx);
        const file = multipart('proof', 'receipt.png', 'image/png', bytes);
        secondUpload = t.app.inject({
          method: 'POST',
          url: `/api/v1/trades/${second.tradeId}/payment-proof`,
          headers: { ...second.buyer.headers, ...file.headers },
          payload: file.payload,
        });
        // The second upload reaches the matching and waits there: it would not see this receipt.
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  t.ctx.db,
                  sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
                      WHERE l.locktype = 'advisory' AND NOT l.granted AND d.datname = current_database()`,
                )
              )[0]?.n,
            { timeout: 20_000, interval: 50 },
          )
          .toBe(1);
      });
      const res = await secondUpload;
      expect(res?.statusCode, res?.body).toBe(200);
      expect((await receiptsSeenBy(second, second.seller))[0]?.matches).toEqual([
        expect.objectContaining({ tradeShortId: short(first), kind: 'exact' }),
      ]);
      expect((await receiptsSeenBy(first, first.seller))[0]?.matches).toEqual([
        expect.objectContaining({ tradeShortId: short(second), kind: 'exact' }),
      ]);
    },
  );
});
