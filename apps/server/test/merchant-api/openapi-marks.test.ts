import { randomUUID } from 'node:crypto';
import { translate } from '@p2p/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyAccessOf } from '../../src/modules/api-keys/key-policy.ts';
import { createTestApp, signInEnrolled, type TestApp } from '../helpers.ts';
import { createKey, type Key, signed } from './support.ts';

/**
 * The OpenAPI document offers the signed-request scheme exactly where a key works
 * (docs/decisions/025, docs/api.md): every authenticated operation is called with a valid
 * signature of a key holding every scope, and the mark must say what the server did.
 */

type Security = Record<string, string[]>[];
interface DocOperation {
  method: string;
  path: string;
  security: Security;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let key: Key;
let operations: DocOperation[];
beforeAll(async () => {
  t = await createTestApp();
  const owner = await signInEnrolled(t, 'openapi_marks');
  key = await createKey(t, owner, ['read', 'trade']);
  const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { security?: Security }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((m) => {
      const op = item[m];
      return op?.security?.some((s) => 'bearer' in s)
        ? [{ method: m.toUpperCase(), path, security: op.security }]
        : [];
    }),
  );
});
afterAll(async () => {
  await t.close();
});

const marked = (op: DocOperation) => op.security.some((s) => 'apiKey' in s);
/** Fastify's pattern of a document path: `/trades/{id}` → `/trades/:id`. */
const routeOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const SESSION_ONLY = translate('ru', 'apiKeys.sessionOnly');

/** The request of `op` with placeholder ids and, for a write, an empty JSON body. */
function requestOf(op: DocOperation) {
  const url = op.path.replace(/\{\w+\}/g, () => randomUUID());
  const body = op.method === 'GET' || op.method === 'DELETE' ? undefined : {};
  return { method: op.method as 'GET', url, body };
}

/**
 * Whether a key works on `op`: the route turns away an anonymous caller (it authenticates), and
 * a validly signed request is let through to it rather than refused for being a key (401, or
 * 403 «only after signing in»). A route that answers anyone alike (a sign-out) takes no key.
 */
async function keyWorks(op: DocOperation): Promise<boolean> {
  const request = requestOf(op);
  const anonymous = await t.app.inject({
    method: request.method,
    url: request.url,
    ...(request.body ? { payload: request.body } : {}),
  });
  if (anonymous.statusCode !== 401) return false;
  const res = await t.app.inject(signed(t, key, request));
  return !(res.statusCode === 401 || (res.statusCode === 403 && res.json().error === SESSION_ONLY));
}

describe('the signed-request marks of the OpenAPI document', () => {
  it('follow the key policy on every authenticated operation', () => {
    expect(operations.length).toBeGreaterThan(60);
    const disagreeing = operations.filter(
      (op) => marked(op) === 'sessionOnly' in keyAccessOf(op.method, routeOf(op.path)),
    );
    expect(disagreeing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
  });

  it('are on exactly the operations where a validly signed request acts as the key’s user', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      const works = await keyWorks(op);
      if (works !== marked(op))
        wrong.push(`${op.method} ${op.path}: marked ${marked(op)}, key works ${works}`);
    }
    expect(wrong).toEqual([]);
  });

  it('never offer keys the back office, which answers a signed request 401', async () => {
    const staff = operations.filter((op) => op.path.startsWith('/api/v1/admin/'));
    expect(staff.length).toBeGreaterThan(20);
    expect(staff.filter(marked).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const me = staff.find((op) => op.method === 'GET' && op.path === '/api/v1/admin/auth/me');
    if (!me) throw new Error('GET /api/v1/admin/auth/me is not in the document');
    const res = await t.app.inject(signed(t, key, requestOf(me)));
    expect(res.statusCode).toBe(401);
  });

  it('are offered where a program trades: orders, trades and their actions, chat', () => {
    const keyed = new Set(operations.filter(marked).map((op) => `${op.method} ${op.path}`));
    for (const op of [
      'POST /api/v1/orders',
      'GET /api/v1/orders/my',
      'POST /api/v1/trades',
      'POST /api/v1/trades/{id}/actions',
      'POST /api/v1/trades/{id}/messages',
    ]) {
      expect(keyed).toContain(op);
    }
  });
});
