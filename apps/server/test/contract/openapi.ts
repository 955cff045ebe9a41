import type { FastifyInstance } from 'fastify';

/**
 * The operations of the OpenAPI document (`app.swagger()`), read so the contract suites can
 * walk every route without anyone listing them by hand.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  pattern?: string;
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  /** `METHOD path` as the document names it, e.g. `GET /api/v1/trades/{id}`. */
  key: string;
  method: Method;
  path: string;
  pathParams: string[];
  query: { name: string; schema: JsonSchema }[];
  /** Media type and schema of the request body, when the operation takes one. */
  body: { type: string; schema: JsonSchema } | null;
}

interface RawOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export function operationsOf(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as { paths?: Record<string, Record<string, RawOperation>> };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const parameters = raw.parameters ?? [];
      const [bodyType, bodyMedia] = Object.entries(raw.requestBody?.content ?? {})[0] ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: bodyType ? { type: bodyType, schema: bodyMedia?.schema ?? {} } : null,
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

export type Path = (string | number)[];

/**
 * Every place a string can go in a request schema: object properties (also of each variant of
 * a union), array items (as index 0), record values and record keys (`propertyNames`, reported
 * with a `*` segment).
 */
export function stringSlots(
  schema: JsonSchema,
  path: Path = [],
  depth = 0,
): { path: Path; schema: JsonSchema }[] {
  if (depth > 12) return [];
  const out: { path: Path; schema: JsonSchema }[] = [];
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string')) out.push({ path, schema });
  // allOf of a string only adds constraints (one pattern each) to that same string.
  const allOf = types.includes('string') ? [] : (schema.allOf ?? []);
  for (const variant of [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...allOf]) {
    out.push(...stringSlots(variant, path, depth + 1));
  }
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    out.push(...stringSlots(child, [...path, name], depth + 1));
  }
  if (schema.items) out.push(...stringSlots(schema.items, [...path, 0], depth + 1));
  if (typeof schema.additionalProperties === 'object') {
    out.push(...stringSlots(schema.additionalProperties, [...path, 'extra'], depth + 1));
  }
  if (schema.propertyNames) out.push(...stringSlots(schema.propertyNames, [...path, '*'], depth + 1));
  return out;
}

/** The URL of an operation with its path parameters filled in (values already encoded). */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for path parameter ${name} of ${path}`);
    return value;
  });
}
