import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type UserRow, users } from '../../db/schema.ts';

/** Who Telegram says signed in (from the login widget or the Mini App's init data). */
export interface TelegramIdentity {
  id: string;
  firstName: string;
  lastName: string | null;
  username: string | null;
  photoUrl: string | null;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row ?? null;
}

/**
 * Creates or refreshes the user behind a Telegram identity. Telegram usernames move between
 * accounts, so a username now held by this identity is taken away from any older holder.
 *
 * One transaction, holding a lock on the Telegram id and on the username (taken in a fixed
 * order): two sign-ins of the same account at once (a double click), or of two accounts
 * claiming the same username, otherwise race to the unique username index, and the loser's
 * insert fails instead of finding the winner's row.
 */
export async function upsertTelegramUser(db: Executor, who: TelegramIdentity, now: Date): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const keys = [`telegram:${who.id}`, ...(who.username ? [`username:${who.username.toLowerCase()}`] : [])];
    for (const key of keys.sort())
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    return writeTelegramUser(tx, who, now);
  });
}

async function writeTelegramUser(db: Executor, who: TelegramIdentity, now: Date): Promise<UserRow> {
  const telegramId = BigInt(who.id);
  if (who.username) {
    await db
      .update(users)
      .set({ username: null, updatedAt: now })
      .where(
        and(
          sql`lower(${users.username}) = lower(${who.username})`,
          sql`${users.telegramId} IS DISTINCT FROM ${telegramId}`,
        ),
      );
  }
  const [row] = await db
    .insert(users)
    .values({
      telegramId,
      username: who.username,
      firstName: who.firstName,
      lastName: who.lastName,
      photoUrl: who.photoUrl,
      createdAt: now,
      updatedAt: now,
      lastSeenAt: now,
    })
    .onConflictDoUpdate({
      target: users.telegramId,
      set: {
        username: who.username,
        firstName: who.firstName,
        lastName: who.lastName,
        photoUrl: who.photoUrl,
        updatedAt: now,
        lastSeenAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('user upsert returned nothing');
  return row;
}

export async function insertUser(
  db: Executor,
  values: { username: string | null; firstName: string; lastName?: string | null; now: Date },
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      firstName: values.firstName,
      lastName: values.lastName ?? null,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUser(
  db: Executor,
  id: string,
  patch: Partial<Pick<UserRow, 'displayName' | 'useCustomProfile' | 'customAvatarUrl' | 'timeZone'>>,
  now: Date,
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: now })
    .where(eq(users.id, id))
    .returning();
  return row ?? null;
}

export async function listOldestUsers(db: Executor, limit: number): Promise<UserRow[]> {
  return db.select().from(users).orderBy(asc(users.createdAt)).limit(limit);
}
