import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
/** Same database, RATE_LIMIT=1, plus a route that fails unexpectedly. */
let limited: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  limited = await buildApp(createContext({ ...t.ctx.config, rateLimit: true }, t.database, t.clock), {
    logger: false,
  });
  limited.get('/api/v1/test-only/boom', async () => {
    throw new Error('db password is hunter2 at /srv/app/secret.ts:12');
  });
  // A handler whose value carries more than its schema names, or does not fit it.
  const Shown = z.object({ id: z.string().max(8), amount: z.string(), nested: z.object({ n: z.number() }) });
  limited.get('/api/v1/test-only/shown', { schema: { response: { 200: Shown } } }, async (request) =>
    (request.query as { misfit?: string }).misfit
      ? { id: 'far too long an id', amount: '1', nested: { n: 1 } }
      : { id: 'a', amount: '10.50', passwordHash: 'hunter2', nested: { n: 2, secret: 'hunter2' } },
  );
  await limited.ready();
});
afterAll(async () => {
  await limited?.close();
  await t?.close();
});

const STACK_LIKE = /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|hunter2|stack/i;

function expectEnvelope(
  res: { statusCode: number; body: string; json(): unknown },
  status: number,
  code: string,
) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as Record<string, unknown>;
  expect(body).toMatchObject({ success: false, code });
  expect(typeof body.error).toBe('string');
  expect((body.error as string).length).toBeGreaterThan(0);
  expect(res.body).not.toMatch(STACK_LIKE);
}

describe('bad input becomes the error envelope', () => {
  const devLogin = (payload: string, contentType = 'application/json'): InjectOptions => ({
    method: 'POST',
    url: '/api/v1/auth/dev-login',
    headers: { 'content-type': contentType },
    payload,
  });

  it('malformed JSON -> 400 BAD_REQUEST', async () => {
    const res = await t.app.inject(devLogin('{"username": "abc"'));
    expectEnvelope(res, 400, 'BAD_REQUEST');
    expect(res.json().error).toBe('Некорректный JSON в теле запроса');
  });

  it('empty JSON body -> 400 BAD_REQUEST', async () => {
    expectEnvelope(await t.app.inject(devLogin('')), 400, 'BAD_REQUEST');
  });

  it('wrong types -> 400 VALIDATION_ERROR naming the field', async () => {
    const res = await t.app.inject(devLogin('{"username": 12345}'));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.json().details.issues[0].path).toBe('username');
  });

  it('a body of the wrong shape -> 400 VALIDATION_ERROR', async () => {
    expectEnvelope(await t.app.inject(devLogin('[1, 2, 3]')), 400, 'VALIDATION_ERROR');
    expectEnvelope(await t.app.inject(devLogin('"just a string"')), 400, 'VALIDATION_ERROR');
    expectEnvelope(await t.app.inject(devLogin('null')), 400, 'VALIDATION_ERROR');
  });

  it('missing fields -> 400 VALIDATION_ERROR', async () => {
    const res = await t.app.inject(devLogin('{}'));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.json().details.issues.map((i: { path: string }) => i.path)).toContain('username');
  });

  it('a rule message from the schema is the error text', async () => {
    const res = await t.app.inject(devLogin('{"username": "bad name!"}'));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.json().error).toBe('Имя пользователя: латинские буквы, цифры и _');
  });

  it('a body over 256 KB -> 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject(devLogin(JSON.stringify({ username: 'x'.repeat(300 * 1024) })));
    expectEnvelope(res, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a body just under the limit is read (and then validated)', async () => {
    const res = await t.app.inject(devLogin(JSON.stringify({ username: 'x'.repeat(250 * 1024) })));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
  });

  it('an unsupported content type -> 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const res = await t.app.inject(devLogin('username=abc', 'application/x-www-form-urlencoded'));
    expectEnvelope(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a __proto__ key is refused, not merged', async () => {
    const res = await t.app.inject(devLogin('{"username": "proto_user", "__proto__": {"isAdmin": true}}'));
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('an unknown /api/v1 route -> 404 NOT_FOUND envelope', async () => {
    const res = await t.app.inject({ url: '/api/v1/no-such-thing?x=1' });
    expectEnvelope(res, 404, 'NOT_FOUND');
    expect(res.json().error).toBe('Маршрут GET /api/v1/no-such-thing не найден');
    expectEnvelope(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/nope', payload: {} }),
      404,
      'NOT_FOUND',
    );
    expectEnvelope(await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/me' }), 404, 'NOT_FOUND');
  });

  it('an unknown /api route wanting HTML still gets the JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/v1/nothing', headers: { accept: 'text/html' } });
    expectEnvelope(res, 404, 'NOT_FOUND');
  });

  it('no bad request ever produces a 500 or a stack trace', async () => {
    const s = await signIn(t.app, 'fuzz_user');
    const bodies = [
      '{',
      '}',
      '{"a":',
      '[]',
      '0',
      'true',
      '{"username": {"$ne": null}}',
      '{"display_name": ["a", "b"]}',
      '{"display_name": 1e309}',
      `{"display_name": "${'\\u0000'.repeat(4)}"}`,
      `{"refreshToken": "${'a'.repeat(100_000)}"}`,
      '{"initData": 5}',
      '{"id": {"nested": true}, "first_name": [], "hash": null}',
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
      '\u00ff\u00fe garbage',
    ];
    const targets: [string, string][] = [
      ['POST', '/api/v1/auth/dev-login'],
      ['POST', '/api/v1/auth/telegram'],
      ['POST', '/api/v1/auth/telegram/webapp'],
      ['POST', '/api/v1/auth/refresh'],
      ['POST', '/api/v1/auth/logout'],
      ['POST', '/api/v1/users/display-name'],
      ['PUT', '/api/v1/users/profile'],
      ['PUT', '/api/v1/users/me'],
    ];
    for (const [method, url] of targets) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { ...s.headers, 'content-type': 'application/json' },
          payload,
        });
        const label = `${method} ${url} ${payload.slice(0, 40)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.body, label).not.toMatch(STACK_LIKE);
        if (res.statusCode >= 400) expect(res.json().success, label).toBe(false);
      }
    }
    for (const url of [
      '/api/v1/users/%E0%A4%A',
      '/api/v1/users/..%2F..%2Fetc%2Fpasswd',
      `/api/v1/users/${'9'.repeat(5000)}`,
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body).not.toMatch(STACK_LIKE);
    }
  });

  it('an unexpected failure is a 500 envelope that reveals nothing', async () => {
    const res = await limited.inject({ url: '/api/v1/test-only/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      error: 'Внутренняя ошибка сервера',
      code: 'INTERNAL_ERROR',
    });
    expect(res.body).not.toMatch(STACK_LIKE);
  });
});

describe('a response goes through its schema', () => {
  it('keeps only what the schema names, nested too', async () => {
    const res = await limited.inject({ url: '/api/v1/test-only/shown' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'a', amount: '10.50', nested: { n: 2 } });
    expect(res.body).not.toContain('hunter2');
  });

  it('answers a value that does not fit it with a 500 envelope that reveals nothing', async () => {
    const res = await limited.inject({ url: '/api/v1/test-only/shown?misfit=1' });
    expectEnvelope(res, 500, 'INTERNAL_ERROR');
    expect(res.body).not.toContain('far too long');
  });
});

describe('health, metrics and docs', () => {
  it('/healthz answers 200', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 with the database engine', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: 'ok',
      engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('/metrics is Prometheus text with request durations per route', async () => {
    await t.app.inject({ url: '/healthz' });
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} [1-9]/);
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('/api/docs/json is an OpenAPI document listing the auth calls', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/telegram']?.post).toBeDefined();
    expect(doc.paths['/api/v1/auth/refresh']?.post).toBeDefined();
    expect(doc.paths['/api/v1/users/display-name']?.post).toBeDefined();
    expect(doc.paths['/api/v1/users/{id}']?.get).toBeDefined();
    expect(doc.paths['/metrics']).toBeUndefined();
  });
});

describe('security headers', () => {
  it.each(['/api/v1/auth/config', '/api/v1/no-such-thing', '/healthz'])('are set on %s', async (url) => {
    const res = await t.app.inject({ url });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    '/api/v1/auth/config',
    '/api/v1/orders?type=sell&cryptocurrency=BTC&limit=20',
    '/api/v1/no-such-thing',
    '/healthz',
  ])("are helmet's whole set on %s, computed once and the same on every response", async (url) => {
    const first = await t.app.inject({ url });
    const second = await t.app.inject({ url });
    for (const res of [first, second]) {
      expect(res.headers).toMatchObject({
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
      expect(String(res.headers['content-security-policy']).split(';')).toEqual([
        "default-src 'self'",
        "base-uri 'self'",
        "font-src 'self' https: data:",
        "form-action 'self'",
        "frame-ancestors 'none'",
        "img-src 'self' data: blob: https:",
        "object-src 'none'",
        "script-src 'self' https://telegram.org",
        "script-src-attr 'none'",
        "style-src 'self' 'unsafe-inline'",
        "connect-src 'self' ws: wss:",
        'frame-src https://oauth.telegram.org',
      ]);
      // Over plain HTTP: neither HSTS nor an upgrade of every request (docs/decisions/034).
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });
});

describe('rate limiting (RATE_LIMIT=1)', () => {
  it('the test app (RATE_LIMIT=0) does not limit sign-in', async () => {
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/dev-login',
        payload: { username: 'rl_unlimited' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('repeated sign-in from one IP ends in 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    let limitedBody: unknown = null;
    for (let i = 0; i < 40; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/v1/auth/dev-login',
        payload: { username: 'rl_signin' },
        remoteAddress: '10.1.1.1',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429 && !limitedBody) limitedBody = res.json();
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(limitedBody).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((limitedBody as { error: string }).error).toMatch(/Слишком много запросов/);

    // Another IP is not affected.
    const other = await limited.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      payload: { username: 'rl_signin' },
      remoteAddress: '10.2.2.2',
    });
    expect(other.statusCode).toBe(200);
  });

  it('signed-in users are limited per user, not per IP', async () => {
    const a = await signIn(t.app, 'rl_user_a');
    const b = await signIn(t.app, 'rl_user_b');
    const get = (headers: Record<string, string>) =>
      limited.inject({ url: '/api/v1/auth/me', headers, remoteAddress: '10.3.3.3' });
    let last = 0;
    for (let i = 0; i < 301; i++) last = (await get(a.headers)).statusCode;
    expect(last).toBe(429);
    expectEnvelope(await get(a.headers), 429, 'RATE_LIMITED');
    // Same IP, another user: still served.
    expect((await get(b.headers)).statusCode).toBe(200);
  });

  it("a token whose session ended spends no user's budget: it is refused before the limit counts", async () => {
    const victim = await signIn(t.app, 'rl_victim');
    const stolen = await signIn(t.app, 'rl_victim');
    await limited.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: stolen.headers });
    const flood = (headers: Record<string, string>, remoteAddress: string) =>
      limited.inject({ url: '/api/v1/auth/me', headers, remoteAddress });
    for (let i = 0; i < 310; i++) expect((await flood(stolen.headers, '10.5.5.5')).statusCode).toBe(401);
    // The owner's live session, from elsewhere, is served as if nothing happened.
    expect((await flood(victim.headers, '10.6.6.6')).statusCode).toBe(200);
  });

  it('public routes key on the address even when a token comes along', async () => {
    const a = await signIn(t.app, 'rl_public_a');
    const get = (remoteAddress: string) =>
      limited.inject({ url: '/api/v1/auth/config', headers: a.headers, remoteAddress });
    let last = 0;
    for (let i = 0; i < 301; i++) last = (await get('10.7.7.7')).statusCode;
    expect(last).toBe(429);
    expect((await get('10.8.8.8')).statusCode).toBe(200);
  });
});
