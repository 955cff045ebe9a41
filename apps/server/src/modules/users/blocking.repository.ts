import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { authSessions, users } from '../../db/schema.ts';

/**
 * When the user was blocked (null: not blocked; undefined: no such user). Inside a transaction
 * the row is read FOR SHARE, so a block being committed at that moment is waited for.
 */
export async function blockedAtForShare(db: Executor, userId: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ blockedAt: users.blockedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share');
  return row?.blockedAt;
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
