/**
 * The uploads module's face (docs/ARCHITECTURE.md, "Modules with faces"): receipts and avatars:
 * routes, service, the upload store and receipt matches. Other modules and the app import this
 * file only; the rest of the folder is private.
 */
export { avatarsRoutes } from './avatars.routes.ts';
export { AvatarsService } from './avatars.service.ts';
export { type ReceiptMatchSeen, toPaymentProofMatch } from './receipt-matches.ts';
export { DatabaseUploadStore, type UploadStore } from './upload-store.ts';
export { receiptUrl } from './uploads.repository.ts';
export { sendReceipt, uploadsRoutes } from './uploads.routes.ts';
export { UploadsService } from './uploads.service.ts';
