import { IdParams, Ok, PaymentProofUploadResult, RECEIPT_MAX_BYTES, ReceiptMessages } from '@p2p/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { UploadsService } from './uploads.service.ts';

/** Uploads decode images, so they get a tighter per-user limit than the global one. */
const uploadLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', ReceiptMessages.tooLarge);

/** Reads the one file of field `proof` into memory, refusing anything over 5 MB. */
async function readProofPart(request: FastifyRequest): Promise<{ bytes: Buffer; originalName: string }> {
  if (!request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Отправьте файл как multipart/form-data в поле proof');
  }
  const part = await request.file({ limits: { fileSize: RECEIPT_MAX_BYTES, files: 1 } });
  if (!part) throw new AppError('VALIDATION_ERROR', 'Выберите файл чека');
  if (part.fieldname !== 'proof') throw new AppError('VALIDATION_ERROR', 'Файл чека ожидается в поле proof');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
  // busboy stops at the limit and marks the stream truncated instead of failing.
  if (part.file.truncated || bytes.length > RECEIPT_MAX_BYTES) throw tooLarge();
  return { bytes, originalName: part.filename ?? '' };
}

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

export const uploadsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const uploads = new UploadsService(ctx);
  const security = [{ bearer: [] }];

  app.post(
    '/trades/:id/payment-proof',
    {
      preHandler: app.requireUser,
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
      const file = await readProofPart(request);
      return {
        success: true as const,
        data: await uploads.uploadReceipt(request.userId, request.params.id, file),
      };
    },
  );

  app.get(
    '/uploads/receipts/:id',
    {
      preHandler: app.requireUser,
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
