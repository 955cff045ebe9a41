import type { MessageKey } from '@p2p/shared';
import type { FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';

export interface FilePartRules {
  /** Form field the file must arrive in. */
  field: string;
  maxBytes: number;
  messages: { notMultipart: MessageKey; missing: MessageKey; wrongField: MessageKey; tooLarge: MessageKey };
}

/**
 * What reading a multipart body threw, as the client's fault it is. The parser (busboy)
 * throws plain errors for a missing boundary, a boundary that does not match the body, or a
 * broken part header; left alone they would surface as 500.
 */
function asClientError(error: unknown, tooLarge: MessageKey): unknown {
  if (error instanceof AppError) return error;
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE' || statusCode === 413)
    return new AppError('PAYLOAD_TOO_LARGE', tooLarge);
  return new AppError('BAD_REQUEST', 'errors.multipartMalformed');
}

/**
 * Reads the one file of a multipart/form-data request into memory, refusing anything over
 * `maxBytes`. Every upload route reads its file through here, so a malformed body is a 4xx
 * everywhere.
 */
export async function readSingleFile(
  request: FastifyRequest,
  rules: FilePartRules,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.messages.notMultipart);
  try {
    const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } });
    if (!part) throw new AppError('VALIDATION_ERROR', rules.messages.missing);
    if (part.fieldname !== rules.field) throw new AppError('VALIDATION_ERROR', rules.messages.wrongField);
    const bytes = await part.toBuffer();
    // busboy stops at the limit and marks the stream truncated instead of failing.
    if (part.file.truncated || bytes.length > rules.maxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', rules.messages.tooLarge);
    }
    return { bytes, filename: part.filename ?? '' };
  } catch (error) {
    throw asClientError(error, rules.messages.tooLarge);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The file field of a multipart/form-data route, for the OpenAPI document. */
    uploadField?: string;
  }
}

/**
 * A multipart route has no body schema (the file is streamed, not validated as JSON), so the
 * OpenAPI document would show no request body at all. This step of the document's transform
 * describes the file field instead, so clients and the contract suites see the upload.
 */
export function documentUpload(
  transformed: { schema: FastifySchema; url: string },
  route: RouteOptions,
): { schema: FastifySchema; url: string } {
  const field = route.config?.uploadField;
  if (!field || transformed.schema.body) return transformed;
  return {
    ...transformed,
    schema: {
      ...transformed.schema,
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        required: [field],
        properties: { [field]: { type: 'string', format: 'binary' } },
      },
    } as FastifySchema,
  };
}
