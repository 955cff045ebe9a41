import { IdParams, Ok, PaymentProofUploadResult, RECEIPT_MAX_BYTES } from '@p2p/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type FilePartRules, readSingleFile } from '../../lib/multipart.ts';
import type { UploadsService } from './uploads.service.ts';

/** Uploads decode images, so they get a tighter per-user limit than the global one. */
const uploadLimit = { rateLimit: { max: 10, timeWindow: '1 minute' }, uploadField: 'proof' };

const proofPart = {
  field: 'proof',
  maxBytes: RECEIPT_MAX_BYTES,
  messages: {
    notMultipart: 'errors.receiptMultipart',
    missing: 'errors.receiptPick',
    wrongField: 'errors.receiptField',
    tooLarge: 'validation.receipt.tooLarge',
  },
} satisfies FilePartRules;

/** A receipt image as evidence: never sniffed, never cached, never able to run anything. */
export function sendReceipt(reply: FastifyReply, bytes: Buffer) {
  return reply
    .header('Content-Type', 'image/jpeg')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Disposition', 'inline; filename="receipt.jpg"')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .send(bytes);
}

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  const security = [{ bearer: [] }];

  app.post(
    '/trades/:id/payment-proof',
    {
      onRequest: app.requireUser,
      config: uploadLimit,
      schema: {
        tags: ['trades'],
        security,
        summary: 'Buyer uploads a payment receipt (multipart field "proof", JPEG/PNG up to 5 MB)',
        description:
          'The image is recognised by its bytes, re-encoded to JPEG without metadata and shown ' +
          'only to the trade parties. It never moves money.',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Ok(PaymentProofUploadResult) },
      },
    },
    async (request) => {
      // Refuse strangers before spending CPU on their image.
      await uploads.assertCanUploadReceipt(request.userId, request.params.id);
      const { bytes, filename } = await readSingleFile(request, proofPart);
      return {
        success: true as const,
        data: await uploads.uploadReceipt(request.userId, request.params.id, {
          bytes,
          originalName: filename,
        }),
      };
    },
  );

  app.get(
    '/uploads/receipts/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['uploads'],
        security,
        summary: 'A receipt image (image/jpeg), for the parties of its trade only',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const bytes = await uploads.readReceipt({ kind: 'user', id: request.userId }, request.params.id);
      return sendReceipt(reply, bytes);
    },
  );
};
