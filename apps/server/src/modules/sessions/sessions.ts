import type { AuthTokens } from '@p2p/shared';
import type { Db, Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  markRefreshTokenUsed,
  revokeLiveSession,
  revokeLiveSessionsOf,
  revokeSession,
  sessionOfRefreshTokenHash,
  sessionStateOf,
} from './sessions.repository.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type Audience,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  type TokenService,
} from './tokens.ts';

/**
 * Sign-in sessions with rotating refresh tokens. A session is one refresh-token family:
 * each refresh token works once; presenting a used one revokes the whole family (theft).
 */
/** Whether `sessionId` is a live session of `subjectId` in `audience`, read through `db` (a transaction too). */
export async function sessionIsLive(
  db: Executor,
  sessionId: string,
  audience: Audience,
  subjectId: string,
): Promise<boolean> {
  const row = await sessionStateOf(db, sessionId);
  return !!row && !row.revokedAt && row.type === audience && row.sub === subjectId;
}

export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    /**
     * Told after a session ended (logout, reuse of a spent refresh token, a blocked account):
     * the realtime layer closes that session's sockets on every instance.
     */
    private readonly onEnded: (sessionIds: string[]) => void = () => {},
  ) {}

  async start(audience: Audience, subjectId: string): Promise<AuthTokens> {
    return this.db.transaction(async (tx) => {
      const sessionId = await insertSession(tx, audience, subjectId, this.clock.now());
      const refresh = newRefreshToken();
      await insertRefreshToken(tx, {
        tokenHash: refresh.hash,
        sessionId,
        expiresAt: new Date(this.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
      });
      const accessToken = await this.tokens.signAccess(audience, { subjectId, sessionId });
      return bundle(accessToken, refresh.token);
    });
  }

  /** Exchanges a refresh token for a new pair. Reuse of a spent token revokes the family. */
  async refresh(audience: Audience, token: string): Promise<{ subjectId: string; tokens: AuthTokens }> {
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const row = await lockRefreshToken(tx, hashRefreshToken(token));
      if (!row || row.subjectType !== audience || row.revokedAt) return { kind: 'invalid' as const };
      if (row.usedAt) {
        await revokeSession(tx, row.sessionId, 'refresh_token_reuse', now);
        return { kind: 'reused' as const, sessionId: row.sessionId };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' as const };
      await markRefreshTokenUsed(tx, hashRefreshToken(token), now);
      const next = newRefreshToken();
      await insertRefreshToken(tx, {
        tokenHash: next.hash,
        sessionId: row.sessionId,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
      });
      const accessToken = await this.tokens.signAccess(audience, {
        subjectId: row.subjectId,
        sessionId: row.sessionId,
      });
      return { kind: 'ok' as const, subjectId: row.subjectId, tokens: bundle(accessToken, next.token) };
    });
    // The revocation above must commit, so the refusal is raised after the transaction.
    if (outcome.kind === 'reused') this.onEnded([outcome.sessionId]);
    if (outcome.kind !== 'ok') throw new AppError('UNAUTHORIZED', 'errors.sessionExpired');
    return outcome;
  }

  async revoke(sessionId: string, reason: string): Promise<void> {
    await revokeLiveSession(this.db, sessionId, reason, this.clock.now());
    // Told even when it had already ended: a socket that slipped in is closed all the same.
    this.onEnded([sessionId]);
  }

  /** Ends every live session of a subject (a blocked account); returns how many ended. */
  async revokeAll(audience: Audience, subjectId: string, reason: string): Promise<number> {
    const now = this.clock.now();
    const ended = await revokeLiveSessionsOf(this.db, { audience, subjectId, reason, now });
    if (ended.length) this.onEnded(ended);
    return ended.length;
  }

  /**
   * Ends every live session of a user inside the caller's transaction (docs/decisions/033, «Это
   * не я»); the caller passes the ids to `announceEnded` once it committed.
   */
  async revokeAllWithin(tx: Executor, userId: string, reason: string): Promise<string[]> {
    return revokeLiveSessionsOf(tx, { audience: 'user', subjectId: userId, reason, now: this.clock.now() });
  }

  /** These sessions ended in a committed transaction: their sockets close on every instance. */
  announceEnded(sessionIds: string[]): void {
    if (sessionIds.length) this.onEnded(sessionIds);
  }

  /** The session of a refresh token, if the token is known (used or not). */
  async sessionOfRefreshToken(token: string): Promise<string | null> {
    return sessionOfRefreshTokenHash(this.db, hashRefreshToken(token));
  }

  async isActive(sessionId: string, audience: Audience, subjectId: string): Promise<boolean> {
    return sessionIsLive(this.db, sessionId, audience, subjectId);
  }
}

function bundle(accessToken: string, refreshToken: string): AuthTokens {
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}
