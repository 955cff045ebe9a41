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

/** How far a webhook signature's `t` may be from the receiver's clock (docs/api.md): 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * A webhook delivery's X-Signature (docs/api.md): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "<t>.<body>">`. The time is signed with the body, so a captured delivery replayed later than
 * the tolerance is refused by a receiver that checks it; every attempt is signed anew.
 */
export function signWebhook(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.`).update(body).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * Checks a webhook signature as a receiver should: a well-formed header, a `t` within the
 * tolerance of `nowSeconds`, and a `v1` that matches in constant time.
 */
export function webhookSignatureValid(
  secret: string,
  header: string,
  body: string,
  nowSeconds: number,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const t = Number(match[1]);
  if (Math.abs(nowSeconds - t) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = signWebhook(secret, t, body).slice(`t=${t},v1=`.length);
  return signaturesMatch(expected, match[2] as string);
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
