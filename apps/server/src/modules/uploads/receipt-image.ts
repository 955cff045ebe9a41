import type { Metadata } from 'sharp';
import { AppError } from '../../errors.ts';

/**
 * Receipt images: recognised by their bytes, decoded under a pixel budget and re-encoded,
 * so what we store and serve is a plain JPEG we produced, with no metadata (EXIF GPS,
 * camera serials, XMP) and no trailing payload of the uploaded file.
 */

/** 40 megapixels: any phone photo or long screenshot; a decompression bomb is far larger. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** JPEG cannot exceed 65535 per side; keep well inside it. */
const MAX_SIDE = 16_384;

/** libvips loads with the first receipt, not with the server (docs/decisions/014, memory). */
let sharpModule: Promise<typeof import('sharp')> | null = null;
export async function loadSharp() {
  sharpModule ??= import('sharp');
  return (await sharpModule).default;
}

export type ImageKind = 'jpeg' | 'png';

/** JPEG (FF D8 FF) or PNG (89 50 4E 47 0D 0A 1A 0A) by magic bytes; names and MIME types lie. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

const notImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'validation.receipt.notImage');
const tooManyPixels = () => new AppError('PAYLOAD_TOO_LARGE', 'errors.imageTooLarge');

/**
 * Decodes a sniffed JPEG/PNG and writes a fresh JPEG: oriented by EXIF, transparency on
 * white, all metadata dropped (sharp keeps none unless asked with keepExif/withMetadata).
 * Every decoder failure is the user's file, so it answers 413/415, never 500.
 */
export async function reencodeReceipt(bytes: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw notImage();
  const sharp = await loadSharp();
  await checkImageHeader(bytes, kind, notImage);
  try {
    const { data, info } = await sharp(bytes, UPLOAD_INPUT)
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/** How sharp must read an uploaded image: under the pixel budget, failing on broken data. */
export const UPLOAD_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };

/**
 * Reads only the header of a sniffed image and refuses what is not really that format or
 * declares more pixels than the budget: a decompression bomb is told apart before a single
 * pixel is decoded. `notImage` builds the refusal for a file that is not the image it claims.
 */
export async function checkImageHeader(
  bytes: Buffer,
  kind: string,
  notImage: () => AppError,
): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes, UPLOAD_INPUT).metadata();
  } catch (error) {
    throw decodeFailure(error, notImage);
  }
  if (meta.format !== kind || !meta.width || !meta.height) throw notImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS || meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    throw tooManyPixels();
  }
  return { width: meta.width, height: meta.height };
}

/** sharp refuses over-limit images with "Input image exceeds pixel limit"; all else is a bad file. */
export function decodeFailure(error: unknown, notAnImage: () => AppError = notImage): AppError {
  return error instanceof Error && /pixel limit/i.test(error.message) ? tooManyPixels() : notAnImage();
}
