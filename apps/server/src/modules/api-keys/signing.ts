import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Signed requests of the merchant API (docs/api.md): the client sends its key, the time in
 * milliseconds and `hex(HMAC-SHA256(secret, timestamp + METHOD + path-with-query + body))`.
 */

/** How far a request's timestamp may be from the server's clock, either way. */
export const SIGNATURE_SKEW_MS = 30_000;

/** What a signature covers, exactly as the request carried it. */
export interface SignedParts {
  timestamp: string;
  method: string;
  /** The path with its query string, as sent (`/api/v1/orders?limit=10`). */
  path: string;
  body: Buffer;
}

/** The signature of a request: lower-case hex of HMAC-SHA256 under the key's secret. */
export function signRequest(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret)
    .update(parts.timestamp)
    .update(parts.method.toUpperCase())
    .update(parts.path)
    .update(parts.body)
    .digest('hex');
}

/** A webhook delivery's X-Signature: lower-case hex of HMAC-SHA256 over the exact body. */
export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** Compares two hex signatures in constant time (a malformed one never matches). */
export function signaturesMatch(expected: string, given: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given, 'hex'));
}

/** The public identifier (X-Api-Key) and the secret of a new key. */
export function newKeyPair(): { key: string; secret: string } {
  return {
    key: `pk_${randomBytes(16).toString('hex')}`,
    secret: `sk_${randomBytes(32).toString('base64url')}`,
  };
}

/** A new webhook signing secret. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** How a key is shown once its secret is gone: enough to recognise it. */
export const keyPrefix = (key: string) => key.slice(0, 11);

/** A key as clients send it: `pk_` and 32 hex digits. */
export const KEY_FORMAT = /^pk_[0-9a-f]{32}$/;
