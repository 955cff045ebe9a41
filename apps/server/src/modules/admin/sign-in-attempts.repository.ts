import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { staffSignInAttempts } from '../../db/schema.ts';

export interface SignInLimits {
  maxFailures: number;
  windowMs: number;
  lockMs: number;
}

/**
 * Counts one password attempt of `emailKey` before the password is checked, in one statement
 * (the row is locked by the upsert, so every instance counts the same). Answers the end of
 * the lock when the address is locked, now or by this very attempt: the attempt after
 * `maxFailures` within `windowMs` locks for `lockMs`. A lock that has run out, or a window
 * that has passed, starts the count again. A right password then calls `forgetAttempts`.
 */
export async function claimAttempt(
  db: Executor,
  emailKey: string,
  now: Date,
  limits: SignInLimits,
): Promise<Date | null> {
  const t = staffSignInAttempts;
  const windowStart = new Date(now.getTime() - limits.windowMs);
  const lockEnd = new Date(now.getTime() + limits.lockMs);
  const locked = sql`${t.lockedUntil} > ${now}`;
  const fresh = sql`(${t.lockedUntil} IS NOT NULL OR ${t.failuresSince} <= ${windowStart})`;
  const [row] = await db
    .insert(t)
    .values({ emailKey, failedAttempts: 1, failuresSince: now, lockedUntil: null, updatedAt: now })
    .onConflictDoUpdate({
      target: t.emailKey,
      set: {
        failedAttempts: sql`CASE WHEN ${locked} THEN ${t.failedAttempts} WHEN ${fresh} THEN 1
          ELSE ${t.failedAttempts} + 1 END`,
        failuresSince: sql`CASE WHEN ${locked} THEN ${t.failuresSince} WHEN ${fresh} THEN ${now}::timestamptz
          ELSE ${t.failuresSince} END`,
        lockedUntil: sql`CASE WHEN ${locked} THEN ${t.lockedUntil}
          WHEN NOT ${fresh} AND ${t.failedAttempts} >= ${limits.maxFailures} THEN ${lockEnd}::timestamptz
          ELSE NULL END`,
        updatedAt: now,
      },
    })
    .returning({ lockedUntil: t.lockedUntil });
  const until = row?.lockedUntil ?? null;
  return until && until > now ? until : null;
}

/** A right password: the address starts from nothing again. */
export async function forgetAttempts(db: Executor, emailKey: string): Promise<void> {
  await db.delete(staffSignInAttempts).where(eq(staffSignInAttempts.emailKey, emailKey));
}

/**
 * Deletes the rows nothing reads any more (older than the window and the lock together), so
 * guessed addresses leave no rows behind.
 */
export async function pruneAttempts(db: Executor, now: Date, limits: SignInLimits): Promise<void> {
  const horizon = new Date(now.getTime() - limits.windowMs - limits.lockMs);
  await db.delete(staffSignInAttempts).where(lt(staffSignInAttempts.updatedAt, horizon));
}
