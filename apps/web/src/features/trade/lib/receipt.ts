import { RECEIPT_MAX_BYTES, ReceiptMessages } from '@p2p/shared';

/** Spec 2 §5: accepted jpeg, png, jpg. */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/jpg'];

/** Client checks before uploading a receipt: an image (JPG, PNG) of at most 5 MB; null when fine. */
export function checkReceipt(file: Pick<File, 'type' | 'size'>): string | null {
  if (!ACCEPTED.includes(file.type)) return ReceiptMessages.notImage;
  if (file.size > RECEIPT_MAX_BYTES) return ReceiptMessages.tooLarge;
  return null;
}
