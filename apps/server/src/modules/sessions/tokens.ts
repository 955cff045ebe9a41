import { createHash, randomBytes, type webcrypto } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/** Access tokens: HS256 JWTs, 15 minutes, audience per kind of subject. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ISSUER = 'p2p-market';
export type Audience = 'user' | 'staff';
const AUDIENCE: Record<Audience, string> = { user: 'p2p-market:user', staff: 'p2p-market:staff' };

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

  /** Verifies signature (HS256 only), issuer, audience and expiry. Returns null when invalid. */
  async verifyAccess(audience: Audience, token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE[audience],
        currentDate: this.now(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
      return { subjectId: payload.sub, sessionId: payload.sid };
    } catch (error) {
      if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
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
