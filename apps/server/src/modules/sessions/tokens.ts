import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Access tokens: HS256 JWTs, 15 minutes, audience per kind of subject. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ISSUER = 'p2p-market';
export type Audience = 'user' | 'staff';
const AUDIENCE: Record<Audience, string> = { user: 'p2p-market:user', staff: 'p2p-market:staff' };

/** How many verified access tokens a process keeps (about 0.5 KB each). */
export const MAX_VERIFIED_TOKENS = 10_000;

export interface AccessClaims {
  subjectId: string;
  sessionId: string;
}

export class TokenService {
  /**
   * The HMAC key, imported into WebCrypto once: given raw bytes, jose imports them again on
   * every sign and verify, which was two thirds of a verification's CPU (docs/decisions/018).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;
  constructor(
    secret: string,
    private readonly now: () => Date,
    private readonly maxVerified = MAX_VERIFIED_TOKENS,
  ) {
    this.key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async signAccess(audience: Audience, claims: AccessClaims): Promise<string> {
    const iat = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.subjectId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE[audience])
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(await this.key);
  }

  /**
   * Tokens this process has verified, with their audience and expiry, so a client's next request
   * with the same token costs a lookup instead of a WebCrypto HMAC job: that verification was
   * 5 % of a trade action's server CPU (docs/decisions/051). Only the exact string that passed is
   * known; expiry is still checked on every use, and whether the session is alive is checked by
   * the caller as before (sessions.repository.ts). Bounded: the oldest entry goes first.
   */
  private readonly verified = new Map<string, { audience: Audience; claims: AccessClaims; exp: number }>();

  /** Verifies signature (HS256 only), issuer, audience and expiry. Returns null when invalid. */
  async verifyAccess(audience: Audience, token: string): Promise<AccessClaims | null> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known) {
      // As jose judges it: expired once `exp` is at or before the current second.
      if (known.exp > Math.floor(now.getTime() / 1000)) {
        return known.audience === audience ? known.claims : null;
      }
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE[audience],
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      const claims = { subjectId: payload.sub, sessionId: payload.sid };
      this.remember(token, { audience, claims, exp: payload.exp as number });
      return claims;
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  private remember(token: string, entry: { audience: Audience; claims: AccessClaims; exp: number }): void {
    if (this.verified.size >= this.maxVerified) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, entry);
  }
}

/** A fresh opaque refresh token and the hash under which it is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
