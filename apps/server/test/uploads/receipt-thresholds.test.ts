import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changedBands,
  fingerprintReceipt,
  hammingDistance,
  type ReceiptFingerprint,
} from '../../src/modules/uploads/receipt-fingerprint.ts';
import { reencodeReceipt } from '../../src/modules/uploads/receipt-image.ts';
import {
  decideMatches,
  type MatchCandidate,
  SIMILAR_CHANGED_BANDS_MAX,
  SIMILAR_DISTANCE_MAX,
} from '../../src/modules/uploads/receipt-matches.ts';
import {
  type BankLayout,
  drawPayments,
  GREEN_BANK,
  GREEN_PAYMENTS,
  paintedOverAmount,
  paintedOverRow,
  type ReceiptValues,
  receiptPng,
  reusesOf,
  YELLOW_BANK,
  YELLOW_PAYMENT,
} from './receipt-images.ts';

/**
 * The figures behind the thresholds of reused receipts (docs/decisions/023-trust-and-safety.md,
 * "Reused receipts"), measured on the server's own path: each image is re-encoded as an
 * upload is, then fingerprinted. A reuse is another copy of one screenshot (saved again,
 * re-scaled, or with one number painted over); another payment is a receipt of the same
 * bank app with other values, the realistic false positive. The run prints what it measured.
 */

interface Receipt {
  label: string;
  layout: BankLayout;
  fp: ReceiptFingerprint;
}

const stored = async (bytes: Buffer) => fingerprintReceipt((await reencodeReceipt(bytes)).data);
const candidate = (r: Receipt): MatchCandidate => ({
  proofId: r.label,
  tradeId: r.label,
  exact: false,
  distance: 0, // set per pair below
  thumbnail: r.fp.thumbnail,
});
/** What the upload decides when `later` is uploaded after `earlier` in another trade. */
function verdict(later: ReceiptFingerprint, earlier: Receipt) {
  const distance = hammingDistance(later.phash, earlier.fp.phash);
  const [match] = decideMatches(later.thumbnail, [{ ...candidate(earlier), distance }]);
  return { distance, bands: changedBands(later.thumbnail, earlier.fp.thumbnail), kind: match?.kind ?? null };
}

const originals: { layout: BankLayout; values: ReceiptValues; label: string }[] = [
  { layout: GREEN_BANK, values: GREEN_PAYMENTS[0] as ReceiptValues, label: 'green' },
  { layout: YELLOW_BANK, values: YELLOW_PAYMENT, label: 'yellow' },
];
const reuses: { original: Receipt; label: string; fp: ReceiptFingerprint }[] = [];
/** Beyond what is asked of the thresholds: measured and printed, not asserted. */
const heavierEdits: { original: Receipt; label: string; fp: ReceiptFingerprint }[] = [];
const payments: Receipt[] = [];

beforeAll(async () => {
  for (const o of originals) {
    const png = await receiptPng(o.layout, o.values);
    const original = { label: `${o.label} original`, layout: o.layout, fp: await stored(png) };
    payments.push(original);
    for (const [label, bytes] of Object.entries(await reusesOf(png, o.layout, o.values))) {
      reuses.push({ original, label: `${o.label}: ${label}`, fp: await stored(bytes) });
    }
    const amount = await paintedOverAmount(png, o.layout, o.values, '1 000,00', 80);
    const twoNumbers = await paintedOverRow(amount, 3, o.values, '19.04.2025 10:12', 80);
    heavierEdits.push({ original, label: `${o.label}: amount and row 4, q80`, fp: await stored(twoNumbers) });
    const cropped = await sharp(png)
      .extract({ left: 0, top: 52, width: 720, height: 1508 })
      .jpeg()
      .toBuffer();
    heavierEdits.push({ original, label: `${o.label}: status bar cropped off`, fp: await stored(cropped) });
  }
  const others: [BankLayout, ReceiptValues, string][] = [
    ...GREEN_PAYMENTS.slice(1).map((v, i): [BankLayout, ReceiptValues, string] => [
      GREEN_BANK,
      v,
      `green #${i + 1}`,
    ]),
    ...drawPayments(GREEN_BANK, 25, 23).map((v, i): [BankLayout, ReceiptValues, string] => [
      GREEN_BANK,
      v,
      `green drawn #${i}`,
    ]),
    ...drawPayments(YELLOW_BANK, 14, 29).map((v, i): [BankLayout, ReceiptValues, string] => [
      YELLOW_BANK,
      v,
      `yellow drawn #${i}`,
    ]),
  ];
  for (const [layout, values, label] of others) {
    payments.push({ label, layout, fp: await stored(await receiptPng(layout, values)) });
  }
}, 120_000);

describe('thresholds of reused receipts, measured', () => {
  it('a copy of a receipt, saved again, re-scaled or with one number painted over, matches', () => {
    const rows = reuses.map((r) => ({ reuse: r.label, ...verdict(r.fp, r.original) }));
    console.log(
      `Reuses (64-bit distance <= ${SIMILAR_DISTANCE_MAX} and changed bands <= ${SIMILAR_CHANGED_BANDS_MAX} match):\n` +
        rows
          .map((r) => `  ${r.reuse.padEnd(44)} distance ${r.distance}  bands ${r.bands}  ${r.kind}`)
          .join('\n'),
    );
    for (const r of rows) expect(r, r.reuse).toMatchObject({ kind: 'similar' });
    console.log(
      'Heavier edits (not required to match):\n' +
        heavierEdits
          .map((r) => ({ reuse: r.label, ...verdict(r.fp, r.original) }))
          .map(
            (r) =>
              `  ${r.reuse.padEnd(44)} distance ${r.distance}  bands ${r.bands}  ${r.kind ?? 'no match'}`,
          )
          .join('\n'),
    );
    expect(Math.max(...rows.map((r) => r.distance))).toBeLessThanOrEqual(SIMILAR_DISTANCE_MAX);
  });

  it('another payment of the same bank app does not match, nor one of another app', () => {
    const sameLayout: ReturnType<typeof verdict>[] = [];
    const otherLayout: ReturnType<typeof verdict>[] = [];
    for (const [i, a] of payments.entries()) {
      for (const b of payments.slice(i + 1)) {
        (a.layout === b.layout ? sameLayout : otherLayout).push(verdict(a.fp, b));
      }
    }
    const histogram = (values: number[]) => {
      const counts = new Map<number, number>();
      for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
      return [...counts.entries()]
        .sort(([x], [y]) => x - y)
        .map(([v, n]) => `${v}:${n}`)
        .join(' ');
    };
    const minBands = Math.min(...sameLayout.map((p) => p.bands));
    const samePayer = verdict(
      (payments.find((p) => p.label === 'green #4') as Receipt).fp,
      payments[0] as Receipt,
    );
    console.log(
      `Other payments, same app: ${sameLayout.length} pairs\n` +
        `  64-bit distance (value:pairs) ${histogram(sameLayout.map((p) => p.distance))}\n` +
        `  changed bands (value:pairs)   ${histogram(sameLayout.map((p) => p.bands))}\n` +
        `  same payer and payee 4 minutes later, 15 500 instead of 15 000: distance ${samePayer.distance}, bands ${samePayer.bands}\n` +
        `Other app: ${otherLayout.length} pairs, 64-bit distance ${histogram(otherLayout.map((p) => p.distance))}`,
    );
    // The 64-bit hash alone cannot tell them from a reuse: most pairs are within its threshold.
    expect(sameLayout.filter((p) => p.distance <= SIMILAR_DISTANCE_MAX).length).toBeGreaterThan(
      sameLayout.length / 2,
    );
    // The thumbnail's bands do, with room on both sides of the threshold.
    expect(minBands).toBeGreaterThan(SIMILAR_CHANGED_BANDS_MAX + 1);
    expect(sameLayout.filter((p) => p.kind !== null)).toEqual([]);
    expect(otherLayout.filter((p) => p.kind !== null)).toEqual([]);
    // Another app's layout is mostly told apart by the 64-bit hash already.
    expect(otherLayout.filter((p) => p.distance <= SIMILAR_DISTANCE_MAX).length).toBeLessThan(
      otherLayout.length / 5,
    );
  });
});
