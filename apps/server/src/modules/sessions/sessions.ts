import type { AuthTokens } from '@p2p/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { compiledSelect, type Slot } from '../../db/compiled.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  type Audience,
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_MS,
  type TokenService,
} from './tokens.ts';

/** The session check every authenticated request makes (never cached: logout is immediate). */
const sessionState = compiledSelect((p: Slot<'id'>, qb) =>
  qb
    .select({
      revokedAt: authSessions.revokedAt,
      type: authSessions.subjectType,
      sub: authSessions.subjectId,
    })
    .from(authSessions)
    .where(eq(authSessions.id, p('id'))),
);

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
  const [row] = await sessionState(db, { id: sessionId });
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
      const [session] = await tx
        .insert(authSessions)
        .values({ subjectType: audience, subjectId, createdAt: this.clock.now() })
        .returning({ id: authSessions.id });
      if (!session) throw new Error('session insert returned nothing');
      const refresh = newRefreshToken();
      await tx.insert(refreshTokens).values({
        tokenHash: refresh.hash,
        sessionId: session.id,
        expiresAt: new Date(this.clock.now().getTime() + REFRESH_TOKEN_TTL_MS),
      });
      const accessToken = await this.tokens.signAccess(audience, { subjectId, sessionId: session.id });
      return bundle(accessToken, refresh.token);
    });
  }

  /** Exchanges a refresh token for a new pair. Reuse of a spent token revokes the family. */
  async refresh(audience: Audience, token: string): Promise<{ subjectId: string; tokens: AuthTokens }> {
    const outcome = await this.db.transaction(async (tx) => {
      const now = this.clock.now();
      const [row] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          subjectId: authSessions.subjectId,
          subjectType: authSessions.subjectType,
          revokedAt: authSessions.revokedAt,
        })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .for('update');
      if (!row || row.subjectType !== audience || row.revokedAt) return { kind: 'invalid' as const };
      if (row.usedAt) {
        await tx
          .update(authSessions)
          .set({ revokedAt: now, revokeReason: 'refresh_token_reuse' })
          .where(eq(authSessions.id, row.sessionId));
        return { kind: 'reused' as const, sessionId: row.sessionId };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' as const };
      await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
      const next = newRefreshToken();
      await tx.insert(refreshTokens).values({
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
    await this.db
      .update(authSessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
    // Told even when it had already ended: a socket that slipped in is closed all the same.
    this.onEnded([sessionId]);
  }

  /** Ends every live session of a subject (a blocked account); returns how many ended. */
  async revokeAll(audience: Audience, subjectId: string, reason: string): Promise<number> {
    const ended = await this.db
      .update(authSessions)
      .set({ revokedAt: this.clock.now(), revokeReason: reason })
      .where(
        and(
          eq(authSessions.subjectType, audience),
          eq(authSessions.subjectId, subjectId),
          isNull(authSessions.revokedAt),
        ),
      )
      .returning({ id: authSessions.id });
    if (ended.length) this.onEnded(ended.map((s) => s.id));
    return ended.length;
  }

  /** The session of a refresh token, if the token is known (used or not). */
  async sessionOfRefreshToken(token: string): Promise<string | null> {
    const [row] = await this.db
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    return row?.sessionId ?? null;
  }

  async isActive(sessionId: string, audience: Audience, subjectId: string): Promise<boolean> {
    return sessionIsLive(this.db, sessionId, audience, subjectId);
  }
}

/** Opens (or extends) a session's step-up window (docs/decisions/023). */
export async function setStepUp(tx: Executor, sessionId: string, until: Date): Promise<void> {
  await tx
    .update(authSessions)
    .set({ stepUpUntil: until })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** The session's step-up window end, if it has one and is live. */
export async function stepUpOf(db: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ until: authSessions.stepUpUntil })
    .from(authSessions)
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  return row?.until ?? null;
}

/** Closes every step-up window of a user (two-factor turned off). */
export async function endStepUps(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(authSessions)
    .set({ stepUpUntil: null })
    .where(and(eq(authSessions.subjectType, 'user'), eq(authSessions.subjectId, userId)));
}

function bundle(accessToken: string, refreshToken: string): AuthTokens {
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}
