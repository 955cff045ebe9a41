import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  changedBands,
  differenceHash,
  fingerprintReceipt,
  hammingDistance,
  hashOfGrid,
  sha256Hex,
  THUMBNAIL_HEIGHT,
  THUMBNAIL_WIDTH,
} from '../../src/modules/uploads/receipt-fingerprint.ts';

/** A 9 x 8 grey grid whose pixel at (col, row) is `f(col, row)`. */
const grid = (f: (col: number, row: number) => number) =>
  Uint8Array.from({ length: 72 }, (_, i) => f(i % 9, Math.floor(i / 9)));
const pngOf = (pixels: Uint8Array, width: number, height: number) =>
  sharp(Buffer.from(pixels), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer();

describe('dHash: 9 x 8 grey, a bit per horizontal pair, set when the left one is brighter', () => {
  it('has known values on small grids', () => {
    expect(hashOfGrid(grid(() => 128))).toBe(0n); // flat: no pair differs
    expect(hashOfGrid(grid((c) => 250 - c * 20))).toBe(-1n); // darker to the right: every bit
    expect(hashOfGrid(grid((c) => c * 20))).toBe(0n); // brighter to the right: none
    // Only the top row falls: the 8 most significant bits.
    expect(hashOfGrid(grid((c, r) => (r === 0 ? 250 - c * 20 : 0)))).toBe(
      BigInt.asIntN(64, 0xff00000000000000n),
    );
    // Stripes white, black, white...: 1, 0, 1, 0 ... in every row.
    expect(hashOfGrid(grid((c) => (c % 2 ? 0 : 255)))).toBe(BigInt.asIntN(64, 0xaaaaaaaaaaaaaaaan));
    // One bright pixel at (4, 7): its left pair (3 -> 4) is 0, its right pair (4 -> 5) is 1,
    // the 5th bit of the last row: 0b00001000.
    expect(hashOfGrid(grid((c, r) => (c === 4 && r === 7 ? 200 : 100)))).toBe(0x08n);
  });

  it('computes the same from an image through sharp: a 9 x 8 PNG as it is, a larger one shrunk', async () => {
    const stripes = grid((c) => (c % 2 ? 0 : 255));
    expect(await differenceHash(await pngOf(stripes, 9, 8))).toBe(BigInt.asIntN(64, 0xaaaaaaaaaaaaaaaan));
    const dot = grid((c, r) => (c === 4 && r === 7 ? 200 : 100));
    expect(await differenceHash(await pngOf(dot, 9, 8))).toBe(0x08n);
    // 90 x 80, darker to the right in steps of 10 px: every bit set; the mirror image: none.
    const ramp = Uint8Array.from({ length: 90 * 80 }, (_, i) => 250 - Math.floor((i % 90) / 10) * 25);
    expect(await differenceHash(await pngOf(ramp, 90, 80))).toBe(-1n);
    const mirrored = Uint8Array.from({ length: 90 * 80 }, (_, i) => 25 + Math.floor((i % 90) / 10) * 25);
    expect(await differenceHash(await pngOf(mirrored, 90, 80))).toBe(0n);
    // Colour is reduced to grey first: the same ramp in red still sets every bit.
    const red = await sharp({ create: { width: 90, height: 80, channels: 3, background: '#000' } })
      .composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="90" height="80"><defs><linearGradient id="g">` +
              `<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#000000"/></linearGradient></defs>` +
              `<rect width="90" height="80" fill="url(#g)"/></svg>`,
          ),
        },
      ])
      .png()
      .toBuffer();
    expect(await differenceHash(red)).toBe(-1n);
  });
});

describe('Hamming distance and SHA-256', () => {
  it('counts differing bits of two signed 64-bit hashes', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0n, 1n)).toBe(1);
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(-1n, BigInt.asIntN(64, 0x7fffffffffffffffn))).toBe(1); // the sign bit
    expect(hammingDistance(BigInt.asIntN(64, 0xaaaaaaaaaaaaaaaan), 0x5555555555555555n)).toBe(64);
    expect(hammingDistance(0x0fn, 0xf0n)).toBe(8);
  });

  it('hashes bytes as FIPS 180-2 says', () => {
    expect(sha256Hex(Buffer.from('abc'))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('thumbnail bands', () => {
  const size = THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT;
  it('counts a band when one of its pixels moved by more than 24 levels', () => {
    const a = new Uint8Array(size).fill(200);
    expect(changedBands(a, a.slice())).toBe(0);
    const b = a.slice();
    b[3 * 8 * 64 + 5] = 176; // band 3 moved by exactly 24: noise
    expect(changedBands(a, b)).toBe(0);
    b[3 * 8 * 64 + 5] = 175; // by 25
    b[3 * 8 * 64 + 7 * 64 + 63] = 0; // the same band again
    b[19 * 8 * 64] = 255; // the last band
    expect(changedBands(a, b)).toBe(2);
  });

  it('is a 64 x 160 grey image of the stored receipt', async () => {
    const jpeg = await sharp({ create: { width: 300, height: 700, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    const fp = await fingerprintReceipt(jpeg);
    expect(fp.thumbnail.length).toBe(size);
    expect(fp.sha256).toBe(sha256Hex(jpeg));
    expect(fp.phash).toBe(0n);
  });
});
