import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

/** The refusal a blocked user gets wherever blocking matters (docs/decisions/016-back-office.md). */
export const userBlocked = () => new AppError('FORBIDDEN', 'bo.userBlocked');

/**
 * Refuses a blocked user. Inside a transaction it reads the user row FOR SHARE, so it waits
 * for a block being committed at that moment instead of slipping past it.
 */
export async function assertNotBlocked(db: Executor, userId: string): Promise<void> {
  const [row] = await db
    .select({ blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  if (row?.blockedAt) throw userBlocked();
}

/**
 * Ends every live session of a user (access and refresh tokens stop working at once) and
 * returns their ids: once the caller's transaction commits, tell `notifier.sessionsEnded` so
 * the sockets of those sessions close on every instance.
 */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  reason: string,
  now: Date,
): Promise<string[]> {
  const ended = await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(authSessions.subjectType, 'user'),
        eq(authSessions.subjectId, userId),
        isNull(authSessions.revokedAt),
      ),
    )
    .returning({ id: authSessions.id });
  return ended.map((s) => s.id);
}
