import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { secondFactor } from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { withReauth } from '../helpers.ts';

/** A signed-in user as the helpers return them. */
export interface Session {
  userId: string;
  headers: Record<string, string>;
}

export interface Key {
  id: string;
  key: string;
  secret: string;
}

/** Creates an API key from `user`'s session, with a fresh second-factor code of theirs. */
export async function createKey(
  t: TestApp,
  user: Session,
  scopes: string[],
  extra: Record<string, unknown> = {},
): Promise<Key> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: await withReauth(t.app, user.headers),
    payload: { name: 'Бот', scopes, totpCode: await secondFactor(t.ctx, user.userId), ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`key creation failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Key;
}

/** The signature a client computes: hex HMAC-SHA256(secret, timestamp + METHOD + path + body). */
export function sign(secret: string, timestamp: string, method: string, path: string, body: string): string {
  return createHmac('sha256', secret)
    .update(`${timestamp}${method.toUpperCase()}${path}${body}`)
    .digest('hex');
}

export interface SignedCall {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  /** Milliseconds to add to the app's clock for the timestamp (a skewed client). */
  skewMs?: number;
  /** Sign with this secret instead of the key's own. */
  secret?: string;
  remoteAddress?: string;
  headers?: Record<string, string>;
}

/**
 * The inject options of a request signed with `key` at the app's clock. The clock moves on a
 * millisecond first: the same request signed twice in one millisecond is one signature, which
 * the server accepts once (a client repeating a request signs it afresh).
 */
export function signed(t: TestApp, key: Key, call: SignedCall): InjectOptions {
  t.clock.advance(1);
  const method = call.method ?? 'GET';
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const timestamp = String(t.clock.now().getTime() + (call.skewMs ?? 0));
  const signature = sign(call.secret ?? key.secret, timestamp, method, call.url, body);
  return {
    method,
    url: call.url,
    ...(body ? { payload: body } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'x-api-key': key.key,
      'x-api-timestamp': timestamp,
      'x-api-signature': signature,
      ...call.headers,
    },
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A local webhook endpoint on 127.0.0.1 that records what it receives and answers `status`
 * (or never answers: `hang`).
 */
export async function startReceiver() {
  const received: Received[] = [];
  const state: { status: number | 'hang' } = { status: 200 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (state.status === 'hang') return;
      res.statusCode = state.status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(status: number | 'hang') {
      state.status = status;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Gives `user` an `order:updated` event: a buy order placed and deleted (docs/api.md, "Webhooks"). */
export async function orderEvent(t: TestApp, user: Session): Promise<void> {
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/v1/orders',
    headers: user.headers,
    payload: {
      type: 'buy',
      cryptocurrency: 'BTC',
      amount_crypto: '0.01',
      price_per_unit: '5000000',
      fiat_currency: 'RUB',
      payment_methods: ['sberbank'],
      min_amount: '1000',
      time_limit: 30,
    },
  });
  if (placed.statusCode !== 200) throw new Error(`order failed: ${placed.body}`);
  const id = placed.json().data.id as string;
  const deleted = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/orders/${id}`,
    headers: user.headers,
  });
  if (deleted.statusCode !== 200) throw new Error(`delete failed: ${deleted.body}`);
  await t.app.webhooks.outbox.idle();
}
