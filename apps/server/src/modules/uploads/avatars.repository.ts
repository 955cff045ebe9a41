import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { type UserAvatarRow, userAvatars } from '../../db/schema.ts';

/** The file of a user's avatar (null: none), locked until commit: one change of avatar at a time. */
export async function lockAvatarFileName(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ fileName: userAvatars.fileName })
    .from(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .for('update');
  return row?.fileName ?? null;
}

/** Records a user's avatar, replacing the one before. */
export async function upsertAvatar(
  tx: Tx,
  userId: string,
  values: Omit<typeof userAvatars.$inferInsert, 'userId'>,
): Promise<void> {
  await tx
    .insert(userAvatars)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userAvatars.userId, set: values });
}

/** Forgets a user's avatar; answers its file (null: there was none). */
export async function deleteAvatar(tx: Tx, userId: string): Promise<string | null> {
  const [old] = await tx
    .delete(userAvatars)
    .where(eq(userAvatars.userId, userId))
    .returning({ fileName: userAvatars.fileName });
  return old?.fileName ?? null;
}

export async function findAvatar(db: Executor, userId: string): Promise<UserAvatarRow | null> {
  const [row] = await db.select().from(userAvatars).where(eq(userAvatars.userId, userId));
  return row ?? null;
}

/** Whether `fileName` is a recorded avatar: answers the name as stored, or null. */
export async function findAvatarFile(db: Executor, fileName: string): Promise<string | null> {
  const [row] = await db
    .select({ fileName: userAvatars.fileName })
    .from(userAvatars)
    .where(eq(userAvatars.fileName, fileName));
  return row?.fileName ?? null;
}
