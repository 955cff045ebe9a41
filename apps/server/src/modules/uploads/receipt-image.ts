import { ReceiptMessages } from '@p2p/shared';
import sharp, { type Metadata } from 'sharp';
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
const TOO_MANY_PIXELS = 'Изображение слишком большое: не более 40 мегапикселей';

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

const notImage = () => new AppError('UNSUPPORTED_MEDIA_TYPE', ReceiptMessages.notImage);
const tooManyPixels = () => new AppError('PAYLOAD_TOO_LARGE', TOO_MANY_PIXELS);

/**
 * Decodes a sniffed JPEG/PNG and writes a fresh JPEG: oriented by EXIF, transparency on
 * white, all metadata dropped (sharp keeps none unless asked with keepExif/withMetadata).
 * Every decoder failure is the user's file, so it answers 413/415, never 500.
 */
export async function reencodeReceipt(bytes: Buffer): Promise<ProcessedImage> {
  const kind = sniffImage(bytes);
  if (!kind) throw notImage();
  const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Metadata;
  try {
    meta = await sharp(bytes, input).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  // The header alone tells a bomb apart; refuse it before a single pixel is decoded.
  if (meta.format !== kind || !meta.width || !meta.height) throw notImage();
  if (meta.width * meta.height > MAX_INPUT_PIXELS || meta.width > MAX_SIDE || meta.height > MAX_SIDE) {
    throw tooManyPixels();
  }
  try {
    const { data, info } = await sharp(bytes, input)
      .rotate()
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error);
  }
}

/** sharp refuses over-limit images with "Input image exceeds pixel limit"; all else is a bad file. */
function decodeFailure(error: unknown): AppError {
  return error instanceof Error && /pixel limit/i.test(error.message) ? tooManyPixels() : notImage();
}
