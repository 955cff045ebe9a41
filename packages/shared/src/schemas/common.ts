import { z } from 'zod';
import { type ErrorCode, ErrorCodes } from '../errors.ts';

/** `{ success: true, data }` envelope around a payload schema. */
export function Ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(Object.keys(ErrorCodes) as [ErrorCode, ...ErrorCode[]]),
  details: z.unknown().optional(),
});

export const IdParams = z.object({ id: z.uuid({ error: 'validation.id' }) });
export type IdParams = z.infer<typeof IdParams>;

export const MessageResult = z.object({ message: z.string() });

export const IsoDate = z.string();

/** Offset paging: total, limit, offset, hasNext. */
export const PageInfo = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});
export type PageInfo = z.infer<typeof PageInfo>;

export const PagingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
