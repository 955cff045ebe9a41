import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ResponseSchema = z.core.$ZodType | { properties: z.core.$ZodType };

/**
 * Answers as JSON what a route's response schema keeps of its handler's value: checked against
 * the schema, keys the schema does not name left out; a value that does not fit is a
 * ResponseSerializationError (plugins/errors.ts answers 500 and logs it).
 *
 * Checked forward (`safeParse`), as a request is. The type provider's own serializer encodes
 * (zod 4's backward direction, for codecs), which runs every schema with checks twice, once
 * without them first: 3× the time on a trade's answer, about 3 % of the server's time on a trade
 * action (docs/decisions/062). The response schemas hold no codec or transform (encoding refuses
 * a transform, so none could be there), and forward and backward agree on everything else.
 */
export const responseSerializer: FastifySerializerCompiler<ResponseSchema> = ({ schema, method, url }) => {
  const zod = schema instanceof z.core.$ZodType ? schema : schema.properties;
  return (data) => {
    const result = z.safeParse(zod, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
