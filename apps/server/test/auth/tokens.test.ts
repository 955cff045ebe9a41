import { createHash } from 'node:crypto';
import { AuthMessages, translate } from '@p2p/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createContext } from '../../src/context.ts';
import { queryRows } from '../../src/db/client.ts';
import { createTestApp, signIn, type TestApp } from '../helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const MINUTE = 60_000;

const me = (accessToken: string) =>
  t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

function expect401(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
}

describe('access tokens', () => {
  it('carry the user, the session, the user audience and a 15-minute expiry', async () => {
    const s = await signIn(t.app, 'tok_claims');
    const claims = decodeJwt(s.accessToken);
    expect(claims.sub).toBe(s.userId);
    expect(claims.aud).toBe('p2p-market:user');
    expect(claims.iss).toBe('p2p-market');
    expect(typeof claims.sid).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(15 * 60);
  });

  it('GET /auth/me answers the user for a valid token and 401 without one', async () => {
    const s = await signIn(t.app, 'tok_me');
    const ok = await me(s.accessToken);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ success: true, data: { id: s.userId, username: 'tok_me' } });
    expect401(await t.app.inject({ url: '/api/v1/auth/me' }));
  });

  it('expire after 15 minutes', async () => {
    const s = await signIn(t.app, 'tok_expiry');
    t.clock.advance(14 * MINUTE);
    expect((await me(s.accessToken)).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect401(await me(s.accessToken));
    // The refresh token still works and gives a fresh access token.
    const res = await refresh(s.refreshToken);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().data.accessToken)).statusCode).toBe(200);
  });

  it("refuse a token with alg 'none'", async () => {
    const s = await signIn(t.app, 'tok_none');
    const claims = decodeJwt(s.accessToken);
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    expect401(await me(unsigned));
    // Same claims re-encoded with HS256 but no signature bytes.
    expect401(await me(`${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.`));
  });

  it('refuse a token signed with a different key', async () => {
    const s = await signIn(t.app, 'tok_wrongkey');
    const claims = decodeJwt(s.accessToken);
    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.userId)
      .setIssuer('p2p-market')
      .setAudience('p2p-market:user')
      .setIssuedAt(claims.iat ?? 0)
      .setExpirationTime(claims.exp ?? 0)
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect401(await me(forged));
  });

  it('refuse the right key with the staff audience on a user route', async () => {
    const s = await signIn(t.app, 'tok_audience');
    const claims = decodeJwt(s.accessToken);
    const key = new TextEncoder().encode(t.ctx.config.jwtSecret);
    const sign = (audience: string) =>
      new SignJWT({ sid: claims.sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(s.userId)
        .setIssuer('p2p-market')
        .setAudience(audience)
        .setIssuedAt(claims.iat ?? 0)
        .setExpirationTime(claims.exp ?? 0)
        .sign(key);
    // Control: the same construction with the user audience is accepted.
    expect((await me(await sign('p2p-market:user'))).statusCode).toBe(200);
    expect401(await me(await sign('p2p-market:staff')));
    expect401(await me(await sign('p2p-market:other')));
  });

  it('refuse a token whose issuer is wrong', async () => {
    const s = await signIn(t.app, 'tok_issuer');
    const claims = decodeJwt(s.accessToken);
    const token = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(s.userId)
      .setIssuer('someone-else')
      .setAudience('p2p-market:user')
      .setIssuedAt(claims.iat ?? 0)
      .setExpirationTime(claims.exp ?? 0)
      .sign(new TextEncoder().encode(t.ctx.config.jwtSecret));
    expect401(await me(token));
  });

  it.each([
    'Bearer garbage',
    'Bearer aaaaaaaaaa.bbbbbbbbbb.cccccccccc',
    'Bearer ',
    'Basic dXNlcjpwYXNz',
    'bearer',
    `Bearer ${'x'.repeat(5000)}`,
    'Bearer a.b.c d',
  ])('answers 401 to the Authorization header %j', async (authorization) => {
    const res = await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization } });
    expect401(res);
  });

  it('accept the token only with the Bearer scheme', async () => {
    const s = await signIn(t.app, 'tok_scheme');
    expect401(
      await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: `Token ${s.accessToken}` } }),
    );
    expect401(await t.app.inject({ url: '/api/v1/auth/me', headers: { authorization: s.accessToken } }));
  });
});

describe('refresh tokens', () => {
  it('rotate: the new pair works and the new refresh token rotates again', async () => {
    const s = await signIn(t.app, 'ref_rotate');
    t.clock.advance(1000);
    const first = await refresh(s.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(pair.refreshToken).not.toBe(s.refreshToken);
    expect(pair.accessToken).not.toBe(s.accessToken);
    const who = await me(pair.accessToken);
    expect(who.statusCode).toBe(200);
    expect(who.json().data.id).toBe(s.userId);

    const second = await refresh(pair.refreshToken);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.refreshToken).not.toBe(pair.refreshToken);
  });

  it('refuse an old refresh token, and its reuse revokes the whole family', async () => {
    const s = await signIn(t.app, 'ref_reuse');
    const other = await signIn(t.app, 'ref_reuse'); // a second session of the same user
    const r2 = (await refresh(s.refreshToken)).json().data;
    const r3 = (await refresh(r2.refreshToken)).json().data;
    expect((await me(r3.accessToken)).statusCode).toBe(200);

    // The spent first token is presented again (stolen copy).
    const reuse = await refresh(s.refreshToken);
    expect401(reuse);
    expect(reuse.json().error).toBe(translate('ru', AuthMessages.sessionExpired));

    // The newest refresh token and the current access token of that family stop working.
    expect401(await refresh(r3.refreshToken));
    expect401(await me(r3.accessToken));
    expect401(await me(s.accessToken));

    // Another session of the same user is unaffected.
    expect((await me(other.accessToken)).statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('presented twice at once: exactly one refresh succeeds, none fails with 500', async () => {
    const s = await signIn(t.app, 'ref_race');
    const results = await Promise.all(Array.from({ length: 4 }, () => refresh(s.refreshToken)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 401, 401, 401]);
  });

  it('refuse unknown refresh tokens', async () => {
    expect401(await refresh('this-token-was-never-issued'));
  });

  it('expire after 30 days', async () => {
    const s = await signIn(t.app, 'ref_expiry');
    t.clock.advance(30 * 24 * 60 * MINUTE + 1000);
    expect401(await refresh(s.refreshToken));
  });

  it('are validated: a missing or too short refresh token is a 400', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_ERROR');
    const short = await refresh('abc');
    expect(short.statusCode).toBe(400);
  });

  it('are stored hashed, never in the clear', async () => {
    const s = await signIn(t.app, 'ref_hashed');
    const rows = await queryRows<{ token_hash: string }>(
      t.ctx.db,
      sql`SELECT token_hash FROM refresh_tokens`,
    );
    const stored = rows.map((r) => r.token_hash);
    expect(stored).toContain(createHash('sha256').update(s.refreshToken).digest('hex'));
    expect(stored).not.toContain(s.refreshToken);
  });
});

describe('logout', () => {
  it('revokes the session: the access token is 401 and the refresh token is refused', async () => {
    const s = await signIn(t.app, 'out_both');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: s.headers,
      payload: { refreshToken: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { message: 'Вы вышли из системы' } });
    expect401(await me(s.accessToken));
    expect401(await refresh(s.refreshToken));
  });

  it('with only the access token also kills the refresh token', async () => {
    const s = await signIn(t.app, 'out_access');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect401(await me(s.accessToken));
    expect401(await refresh(s.refreshToken));
  });

  it('with only the refresh token also kills the access token', async () => {
    const s = await signIn(t.app, 'out_refresh');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      payload: { refreshToken: s.refreshToken },
    });
    expect(res.statusCode).toBe(200);
    expect401(await me(s.accessToken));
    expect401(await refresh(s.refreshToken));
  });

  it('ends only that session', async () => {
    const a = await signIn(t.app, 'out_one');
    const b = await signIn(t.app, 'out_one');
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: a.headers });
    expect401(await me(a.accessToken));
    expect((await me(b.accessToken)).statusCode).toBe(200);
  });
});

describe('development sign-in', () => {
  let off: FastifyInstance;
  beforeAll(async () => {
    off = await buildApp(createContext({ ...t.ctx.config, devLogin: false }, t.database, t.clock), {
      logger: false,
    });
    await off.ready();
  });
  afterAll(() => off?.close());

  it('creates the user on first use and reuses it afterwards', async () => {
    const a = await signIn(t.app, 'dev_same');
    const b = await signIn(t.app, 'DEV_SAME');
    expect(b.userId).toBe(a.userId);
    expect((await me(a.accessToken)).json().data).toMatchObject({
      username: 'dev_same',
      firstName: 'Dev_same',
    });
  });

  it('concurrent first sign-ins with one new username all get the same user', async () => {
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/v1/auth/dev-login',
            payload: { username: `dev_race${round}` },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(new Set(results.map((r) => r.json().data.user.id)).size).toBe(1);
    }
  });

  it('is 404 when AUTH_DEV_LOGIN=0', async () => {
    const res = await off.inject({
      method: 'POST',
      url: '/api/v1/auth/dev-login',
      payload: { username: 'dev_off' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await off.inject({ url: '/api/v1/auth/dev-users' })).statusCode).toBe(404);
    expect((await off.inject({ url: '/api/v1/auth/config' })).json().data.devLogin).toBe(false);
  });

  it('lists the picker users when on', async () => {
    await signIn(t.app, 'dev_listed');
    const res = await t.app.inject({ url: '/api/v1/auth/dev-users' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.users.map((u: { username: string }) => u.username)).toContain('tok_claims');
  });

  it('tokens issued by one app are honoured by another with the same key (restart)', async () => {
    const s = await signIn(t.app, 'dev_restart');
    const res = await off.inject({ url: '/api/v1/auth/me', headers: s.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(s.userId);
  });
});
