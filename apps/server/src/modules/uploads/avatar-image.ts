import { AVATAR_EXTENSIONS } from '@p2p/shared';
import { AppError } from '../../errors.ts';
import {
  checkImageHeader,
  decodeFailure,
  loadSharp,
  type ProcessedImage,
  UPLOAD_INPUT,
} from './receipt-image.ts';

/**
 * Avatars (docs/product/texts-and-limits.md): JPEG, PNG or WebP recognised by their bytes, with a matching
 * allowed extension, decoded under the receipts' pixel budget and re-encoded as a square-ish
 * WebP of at most 512 px with no metadata, so what is served publicly is an image we produced.
 */
export type AvatarKind = 'jpeg' | 'png' | 'webp';
export const AVATAR_SIDE = 512;

const wrongType = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'avatarUi.badType');

/** JPEG (FF D8 FF), PNG (89 50 4E 47 0D 0A 1A 0A) or WebP (RIFF....WEBP) by magic bytes. */
export function sniffAvatar(bytes: Buffer): AvatarKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** The file name's extension must be one of the allowed ones (case-insensitive). */
export function checkAvatarExtension(fileName: string): void {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
    throw new AppError('VALIDATION_ERROR', 'avatarUi.badExtension');
  }
}

/** Refuses anything but a real JPEG/PNG/WebP within the pixel budget, then writes a fresh WebP. */
export async function reencodeAvatar(bytes: Buffer): Promise<ProcessedImage> {
  const kind = sniffAvatar(bytes);
  if (!kind) throw wrongType();
  await checkImageHeader(bytes, kind, wrongType);
  try {
    const sharp = await loadSharp();
    const { data, info } = await sharp(bytes, { ...UPLOAD_INPUT, animated: false })
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error, wrongType);
  }
}
