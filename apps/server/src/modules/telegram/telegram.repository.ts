import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { telegramChats, telegramLinkTokens } from '../../db/schema.ts';

export async function insertLinkToken(
  db: Executor,
  tokenHash: string,
  userId: string,
  expiresAt: Date,
  now: Date,
) {
  await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt, createdAt: now });
}

/** Uses a live token once: returns its user, or null when unknown, used or expired. */
export async function consumeLinkToken(db: Executor, tokenHash: string, now: Date): Promise<string | null> {
  const [row] = await db
    .update(telegramLinkTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(telegramLinkTokens.tokenHash, tokenHash),
        isNull(telegramLinkTokens.usedAt),
        gt(telegramLinkTokens.expiresAt, now),
      ),
    )
    .returning({ userId: telegramLinkTokens.userId });
  return row?.userId ?? null;
}

export async function chatOfUser(db: Executor, userId: string) {
  const [row] = await db.select().from(telegramChats).where(eq(telegramChats.userId, userId));
  return row ?? null;
}

export async function userOfChat(db: Executor, chatId: bigint): Promise<string | null> {
  const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
  return row?.userId ?? null;
}

/** Links the chat to the user, replacing the user's previous chat; false if the chat is someone else's. */
export async function linkChat(db: Executor, userId: string, chatId: bigint, now: Date): Promise<boolean> {
  const owner = await userOfChat(db, chatId);
  if (owner && owner !== userId) return false;
  await db
    .insert(telegramChats)
    .values({ userId, chatId, connectedAt: now })
    .onConflictDoUpdate({ target: telegramChats.userId, set: { chatId, connectedAt: now } });
  return true;
}

export async function unlinkChat(db: Executor, userId: string): Promise<void> {
  await db.delete(telegramChats).where(eq(telegramChats.userId, userId));
}
