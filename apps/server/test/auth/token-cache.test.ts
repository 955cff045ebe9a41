import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, TokenService } from '../../src/modules/sessions/tokens.ts';

/**
 * A verified access token is remembered until it expires (docs/decisions/051): the next request
 * with it does no HMAC, and nothing it would have refused is let through.
 */

const SECRET = 'token-cache-secret-token-cache-secret-0123';
const START = Date.parse('2026-11-30T10:00:00Z');

function service(max?: number) {
  let now = START;
  const tokens = new TokenService(SECRET, () => new Date(now), max);
  return { tokens, advance: (ms: number) => (now += ms) };
}

const claims = (n: number) => ({ subjectId: `user-${n}`, sessionId: `session-${n}` });
const hmacs = () => vi.spyOn(crypto.subtle, 'verify');

afterEach(() => vi.restoreAllMocks());

describe('verified access tokens', () => {
  it('are checked with an HMAC once, then known until they expire', async () => {
    const { tokens, advance } = service();
    const token = await tokens.signAccess('user', claims(1));
    const verify = hmacs();
    expect(await tokens.verifyAccess('user', token)).toEqual(claims(1));
    expect(await tokens.verifyAccess('user', token)).toEqual(claims(1));
    expect(verify).toHaveBeenCalledTimes(1);
    advance(ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
    expect(await tokens.verifyAccess('user', token)).toEqual(claims(1));
    // At its expiry second it is refused, as jose refuses it.
    advance(1000);
    expect(await tokens.verifyAccess('user', token)).toBeNull();
    expect(await tokens.verifyAccess('user', token)).toBeNull();
  });

  it('keep their audience: a known user token is no staff token, and the other way round', async () => {
    const { tokens } = service();
    const user = await tokens.signAccess('user', claims(2));
    const staff = await tokens.signAccess('staff', claims(3));
    expect(await tokens.verifyAccess('user', user)).toEqual(claims(2));
    expect(await tokens.verifyAccess('staff', user)).toBeNull();
    expect(await tokens.verifyAccess('staff', staff)).toEqual(claims(3));
    expect(await tokens.verifyAccess('user', staff)).toBeNull();
    expect(await tokens.verifyAccess('staff', staff)).toEqual(claims(3));
  });

  it('are known by their exact text: a changed signature or payload is verified, and refused', async () => {
    const { tokens } = service();
    const token = await tokens.signAccess('user', claims(4));
    expect(await tokens.verifyAccess('user', token)).toEqual(claims(4));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    expect(await tokens.verifyAccess('user', `${header}.${payload}.${flipped}`)).toBeNull();
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'user-9' }),
    ).toString('base64url');
    expect(await tokens.verifyAccess('user', `${header}.${other}.${signature}`)).toBeNull();
  });

  it('are bounded: past the limit the oldest is forgotten and verified again when it comes back', async () => {
    const { tokens } = service(2);
    const [a, b, c] = await Promise.all([1, 2, 3].map((n) => tokens.signAccess('user', claims(n))));
    const verify = hmacs();
    for (const token of [a, b, c]) await tokens.verifyAccess('user', token as string);
    expect(verify).toHaveBeenCalledTimes(3);
    // c and b are known; a was forgotten for c, and still verifies.
    await tokens.verifyAccess('user', c as string);
    expect(verify).toHaveBeenCalledTimes(3);
    expect(await tokens.verifyAccess('user', a as string)).toEqual(claims(1));
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
