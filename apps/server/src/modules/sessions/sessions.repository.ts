import { and, eq, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { compiledSelect, type Slot } from '../../db/compiled.ts';
import { authSessions, refreshTokens } from '../../db/schema.ts';
import type { Audience } from './tokens.ts';

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

/** Whether and when a session was revoked, and whose it is (undefined: no such session). */
export async function sessionStateOf(db: Executor, sessionId: string) {
  const [row] = await sessionState(db, { id: sessionId });
  return row;
}

export async function insertSession(tx: Tx, audience: Audience, subjectId: string, createdAt: Date) {
  const [session] = await tx
    .insert(authSessions)
    .values({ subjectType: audience, subjectId, createdAt })
    .returning({ id: authSessions.id });
  if (!session) throw new Error('session insert returned nothing');
  return session.id;
}

export async function insertRefreshToken(tx: Tx, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await tx.insert(refreshTokens).values(values);
}

/** A refresh token by its hash with its session, locked until commit (each token works once). */
export async function lockRefreshToken(tx: Tx, tokenHash: string) {
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
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

export async function markRefreshTokenUsed(tx: Tx, tokenHash: string, now: Date): Promise<void> {
  await tx.update(refreshTokens).set({ usedAt: now }).where(eq(refreshTokens.tokenHash, tokenHash));
}

/** The session of a refresh token, if the token is known (used or not). */
export async function sessionOfRefreshTokenHash(db: Executor, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row?.sessionId ?? null;
}

/** Revokes a session, whether or not it had already ended (a new reason replaces the old). */
export async function revokeSession(tx: Tx, sessionId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(eq(authSessions.id, sessionId));
}

/** Revokes a session that is still live (an ended one keeps its time and reason). */
export async function revokeLiveSession(
  db: Executor,
  sessionId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
}

/** Revokes every live session of a subject; answers the ids of those it ended. */
export async function revokeLiveSessionsOf(
  db: Executor,
  s: { audience: Audience; subjectId: string; reason: string; now: Date },
): Promise<string[]> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: s.now, revokeReason: s.reason })
    .where(
      and(
        eq(authSessions.subjectType, s.audience),
        eq(authSessions.subjectId, s.subjectId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  return ended.map((e) => e.id);
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

/** Whether the subject ever had a session (ended or not): a first sign-in is the account's making. */
export async function everSignedIn(db: Executor, audience: Audience, subjectId: string): Promise<boolean> {
  const rows = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.subjectType, audience), eq(authSessions.subjectId, subjectId)))
    .limit(1);
  return rows.length === 1;
}
