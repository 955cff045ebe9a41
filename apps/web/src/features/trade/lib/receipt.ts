import { type MessageKey, RECEIPT_MAX_BYTES } from '@p2p/shared';

/** Accepted image types: JPEG (also sent as image/jpg) and PNG. */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/jpg'];

/** Client checks before uploading a receipt: an image (JPG, PNG) of at most 5 MB; null when fine. */
export function checkReceipt(file: Pick<File, 'type' | 'size'>): MessageKey | null {
  if (!ACCEPTED.includes(file.type)) return 'validation.receipt.notImage';
  if (file.size > RECEIPT_MAX_BYTES) return 'validation.receipt.tooLarge';
  return null;
}
