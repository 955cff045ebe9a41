import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { AppError, unauthorized } from '../errors.ts';
import {
  ApiKeyAuthenticator,
  type KeyCaller,
  keyAccessOf,
  type PendingKeyRequest,
  TRADE_ACTIONS_ROUTE,
} from '../modules/api-keys/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a signed request acts with, once its signature was verified. */
    apiKey: KeyCaller | null;
    /** A signed request admitted by its headers, its signature awaiting the body. */
    pendingKey: PendingKeyRequest | null;
  }
}

/** Whether the request authenticates with an API key (X-Api-Key) rather than a bearer token. */
export const signedWithKey = (request: FastifyRequest) => request.headers['x-api-key'] !== undefined;

const DEFAULT_BODY_LIMIT = 256 * 1024;

/** The raw body, bounded by the route's limit (413 above it), for the signature. */
async function readRawBody(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'errors.tooLarge');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Whether the request carries a body at all (a GET without one is never read). */
const hasBody = (request: FastifyRequest) =>
  request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;

/**
 * Signed requests of the merchant API (docs/decisions/025). `admitKey` is what `requireUser`
 * runs instead of the bearer check (onRequest: the route's key policy, the headers, the
 * clock, the key, the address); the signature covers the raw body, so a `preParsing` hook
 * reads it (within the route's body limit), verifies the HMAC, the scope and that the
 * signature is new, and hands the same bytes on to the usual parser: body limits, content
 * types and the input guard work as for any request. A trade action's body is checked once
 * validated: a key never confirms receipt or releases.
 */
export function apiKeyHooks(app: FastifyInstance, ctx: AppContext) {
  const keys = new ApiKeyAuthenticator(ctx);
  app.decorateRequest('apiKey', null);
  app.decorateRequest('pendingKey', null);

  app.addHook('preParsing', async (request, _reply, payload) => {
    const pending = request.pendingKey;
    if (!pending) return payload;
    const body = hasBody(request) ? await readRawBody(request, payload) : Buffer.alloc(0);
    const caller = await keys.verify(pending, body);
    request.apiKey = caller;
    request.userId = caller.userId;
    if (!hasBody(request)) return payload;
    const replay = Readable.from([body]) as Readable & { receivedEncodedLength: number };
    replay.receivedEncodedLength = body.length;
    return replay;
  });

  app.addHook('preValidation', async (request) => {
    // Never reached without the preParsing check; a request must not slip through unverified.
    if (request.pendingKey && !request.apiKey) throw unauthorized('apiKeys.badSignature');
  });
  // On the validated body (trimmed as the trade service will read it), before the handler.
  app.addHook('preHandler', async (request) => {
    if (request.apiKey && request.routeOptions.url === TRADE_ACTIONS_ROUTE) {
      keys.refuseAction((request.body as { action?: unknown } | undefined)?.action);
    }
  });

  /** requireUser's path for a signed request: admitted now, verified with its body. */
  return async function admitKey(request: FastifyRequest): Promise<void> {
    request.pendingKey = await keys.admit({
      method: request.method,
      route: request.routeOptions.url ?? '',
      url: request.url,
      ip: request.ip,
      key: request.headers['x-api-key'],
      timestamp: request.headers['x-api-timestamp'],
      signature: request.headers['x-api-signature'],
    });
  };
}

/** The OpenAPI security scheme of signed requests: three headers, all required together. */
export const SIGNED_REQUEST_SCHEMES = {
  apiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Key',
    description:
      'Merchant API key (docs/api.md). Sent with X-Api-Timestamp and X-Api-Signature; acts as its user within its scopes.',
  },
  apiTimestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Timestamp',
    description: 'Milliseconds since the Unix epoch; refused more than 30 s away from the server clock.',
  },
  apiSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Api-Signature',
    description:
      'hex(HMAC-SHA256(secret, timestamp + METHOD + path-with-query + raw body)); each signature is accepted once.',
  },
} as const;

/**
 * Lists the signed-request scheme beside the bearer token on every operation a key may call
 * (key-policy.ts decides; the document follows it rather than a second list).
 */
export function documentSignedRequests<T extends { schema: { security?: unknown } & object; url: string }>(
  transformed: T,
  method: string | string[],
): T {
  const security = transformed.schema.security as Record<string, string[]>[] | undefined;
  const verb = Array.isArray(method) ? method[0] : method;
  if (!security?.some((s) => 'bearer' in s) || !verb) return transformed;
  const route = transformed.url.replace(/\{(\w+)\}/g, ':$1');
  if ('sessionOnly' in keyAccessOf(verb, route)) return transformed;
  const signed = { apiKey: [], apiTimestamp: [], apiSignature: [] };
  return { ...transformed, schema: { ...transformed.schema, security: [...security, signed] } };
}
