import { createHash } from 'node:crypto';
import { loadSharp, UPLOAD_INPUT } from './receipt-image.ts';

/**
 * What identifies a receipt image across trades (docs/decisions/023-trust-and-safety.md,
 * "Reused receipts"): the SHA-256 of the JPEG we stored, a 64-bit difference hash of its
 * pixels that survives re-encoding and small edits, and a small greyscale thumbnail that
 * tells which horizontal bands of two such images differ.
 */
export interface ReceiptFingerprint {
  /** Lower-case hex SHA-256 of the stored (re-encoded) bytes. */
  sha256: string;
  /** The difference hash as a signed 64-bit integer (a PostgreSQL bigint holds it as is). */
  phash: bigint;
  /** THUMBNAIL_WIDTH x THUMBNAIL_HEIGHT greyscale pixels, row by row. */
  thumbnail: Buffer;
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** dHash's grid: 9 columns give 8 comparisons per row, 8 rows, 64 bits. */
const HASH_COLUMNS = 9;
const HASH_ROWS = 8;

export const THUMBNAIL_WIDTH = 64;
export const THUMBNAIL_HEIGHT = 160;
/** Thumbnail rows per band: 20 bands, each about one line of a receipt's text. */
export const BAND_ROWS = 8;
/** A thumbnail pixel has changed when its grey level moved by more than this (of 255). */
export const PIXEL_CHANGE = 24;

/**
 * The image shrunk to `width` x `height` grey pixels, ignoring its aspect ratio. Shrinking
 * runs on the decoded pixels: JPEG's shrink-on-load (decoding at 1/2, 1/4, 1/8 scale) lands
 * on different grids for the same picture at two sizes, and made a re-scaled copy of a
 * receipt differ in most bands (decision 023).
 */
async function greyPixels(bytes: Buffer, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, UPLOAD_INPUT)
    .greyscale()
    .resize(width, height, { fit: 'fill', fastShrinkOnLoad: false })
    .greyscale() // the resize may answer three channels again
    .raw()
    .toBuffer();
}

/**
 * The difference hash (dHash) of an image: greyscale, resized to 9x8 ignoring the aspect
 * ratio, one bit per pair of horizontal neighbours, set when the left pixel is brighter than
 * the right one. Bits run row by row from the top left, the first one the most significant.
 */
export async function differenceHash(bytes: Buffer): Promise<bigint> {
  return hashOfGrid(await greyPixels(bytes, HASH_COLUMNS, HASH_ROWS));
}

/** The bits of a 9x8 grey grid, as a signed 64-bit integer (exported for known vectors). */
export function hashOfGrid(pixels: Uint8Array): bigint {
  if (pixels.length !== HASH_COLUMNS * HASH_ROWS) throw new Error('dHash expects a 9x8 grey grid');
  let bits = 0n;
  for (let row = 0; row < HASH_ROWS; row++) {
    for (let col = 0; col < HASH_COLUMNS - 1; col++) {
      const at = row * HASH_COLUMNS + col;
      bits = (bits << 1n) | ((pixels[at] ?? 0) > (pixels[at + 1] ?? 0) ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, bits);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  for (; x; x &= x - 1n) n++;
  return n;
}

/**
 * How many bands of two thumbnails differ: a band differs when any of its pixels moved by
 * more than PIXEL_CHANGE. Re-encoding moves pixels by a few levels; a number painted over
 * changes the one or two bands it sits in; another payment changes every band with a value.
 */
export function changedBands(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length || a.length !== THUMBNAIL_WIDTH * THUMBNAIL_HEIGHT) {
    throw new Error('thumbnails of different sizes');
  }
  const bandSize = THUMBNAIL_WIDTH * BAND_ROWS;
  let bands = 0;
  for (let start = 0; start < a.length; start += bandSize) {
    for (let i = start; i < start + bandSize; i++) {
      if (Math.abs((a[i] ?? 0) - (b[i] ?? 0)) > PIXEL_CHANGE) {
        bands++;
        break;
      }
    }
  }
  return bands;
}

/** The fingerprint of a receipt as stored: `stored` is the JPEG we wrote. */
export async function fingerprintReceipt(stored: Buffer): Promise<ReceiptFingerprint> {
  const [phash, thumbnail] = await Promise.all([
    differenceHash(stored),
    greyPixels(stored, THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT),
  ]);
  return { sha256: sha256Hex(stored), phash, thumbnail };
}
