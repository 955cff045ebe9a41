import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { type Executor, queryRows, type Tx } from '../../db/client.ts';
import {
  type TelegramCodePromptRow,
  telegramChats,
  telegramCodePrompts,
  telegramLinkTokens,
  type UserRow,
  users,
} from '../../db/schema.ts';

export async function insertLinkToken(
  db: Executor,
  { tokenHash, userId, expiresAt, now }: { tokenHash: string; userId: string; expiresAt: Date; now: Date },
) {
  await db.insert(telegramLinkTokens).values({ tokenHash, userId, expiresAt, createdAt: now });
}

/**
 * A live (unused, unexpired) link token, locked until the transaction ends, with its account
 * read FOR SHARE (a block being committed is waited for); null when unknown, used or expired.
 */
export async function lockLiveLinkToken(
  tx: Tx,
  tokenHash: string,
  now: Date,
): Promise<{ tokenHash: string; user: UserRow } | null> {
  const [token] = await tx
    .select()
    .from(telegramLinkTokens)
    .where(
      and(
        eq(telegramLinkTokens.tokenHash, tokenHash),
        isNull(telegramLinkTokens.usedAt),
        gt(telegramLinkTokens.expiresAt, now),
      ),
    )
    .for('update');
  if (!token) return null;
  const [user] = await tx.select().from(users).where(eq(users.id, token.userId)).for('share');
  return user ? { tokenHash, user } : null;
}

export async function markLinkTokenUsed(tx: Tx, tokenHash: string, now: Date): Promise<void> {
  await tx.update(telegramLinkTokens).set({ usedAt: now }).where(eq(telegramLinkTokens.tokenHash, tokenHash));
}

export async function chatOfUser(db: Executor, userId: string) {
  const [row] = await db.select().from(telegramChats).where(eq(telegramChats.userId, userId));
  return row ?? null;
}

/** What claiming a notification's bot message found (`claimRecipient`). */
export type Claim =
  /** Claimed: send it to this chat, in the zone the bot writes the user's times in (docs/decisions/030). */
  | { kind: 'claimed'; chatId: string; timeZone: string }
  /** No chat to send to, or Telegram accepted this message before. */
  | { kind: 'none' }
  /** Another delivery claimed it and may still be sending: ask again once `since` is stale. */
  | { kind: 'held'; since: Date };

/**
 * The user's chat for this notification, claimed for sending in the same statement (a marker
 * row per notification and chat, docs/decisions/041): answered the first time, and again only
 * when the earlier claim was never marked sent and is older than `staleBefore` (the instance
 * that claimed it died mid-send). So an event delivered twice messages once, unless an instance
 * died between Telegram's acceptance and `markSent`.
 */
export async function claimRecipient(
  db: Executor,
  p: { notificationId: string; userId: string; now: Date; staleBefore: Date },
): Promise<Claim> {
  const [row] = await queryRows<{
    chat_id: string | bigint;
    time_zone: string;
    claimed: boolean;
    sent_at: Date | string | null;
    held_since: Date | string | null;
  }>(
    db,
    sql`WITH r AS (
        SELECT c.chat_id, u.time_zone FROM telegram_chats c JOIN users u ON u.id = c.user_id
        WHERE c.user_id = ${p.userId}::uuid),
      claimed AS (
        INSERT INTO telegram_sent (notification_id, chat_id, claimed_at)
        SELECT ${p.notificationId}::uuid, r.chat_id, ${p.now.toISOString()}::timestamptz FROM r
        ON CONFLICT (notification_id, chat_id) DO UPDATE SET claimed_at = EXCLUDED.claimed_at
          WHERE telegram_sent.sent_at IS NULL
            AND telegram_sent.claimed_at <= ${p.staleBefore.toISOString()}::timestamptz
        RETURNING chat_id)
      SELECT r.chat_id, r.time_zone, claimed.chat_id IS NOT NULL AS claimed,
        s.sent_at, s.claimed_at AS held_since
      FROM r LEFT JOIN claimed ON claimed.chat_id = r.chat_id
      LEFT JOIN telegram_sent s ON s.notification_id = ${p.notificationId}::uuid AND s.chat_id = r.chat_id`,
  );
  if (!row) return { kind: 'none' };
  if (row.claimed) return { kind: 'claimed', chatId: String(row.chat_id), timeZone: row.time_zone };
  if (row.sent_at !== null || row.held_since === null) return { kind: 'none' };
  return { kind: 'held', since: new Date(row.held_since) };
}

/** Telegram accepted the notification's message to this chat: it is never sent again. */
export async function markSent(
  db: Executor,
  p: { notificationId: string; chatId: string; now: Date },
): Promise<void> {
  await db.execute(sql`UPDATE telegram_sent SET sent_at = ${p.now.toISOString()}::timestamptz
    WHERE notification_id = ${p.notificationId}::uuid AND chat_id = ${p.chatId}::bigint`);
}

export async function userOfChat(db: Executor, chatId: bigint): Promise<string | null> {
  const [row] = await db.select().from(telegramChats).where(eq(telegramChats.chatId, chatId));
  return row?.userId ?? null;
}

/** The account a chat is linked to, as the bot checks it before every action. */
export async function accountOfChat(db: Executor, chatId: bigint): Promise<UserRow | null> {
  const [row] = await db
    .select({ user: users })
    .from(telegramChats)
    .innerJoin(users, eq(users.id, telegramChats.userId))
    .where(eq(telegramChats.chatId, chatId));
  return row?.user ?? null;
}

/**
 * Links the chat to the user, replacing the user's previous chat (answered, so it can be told);
 * `taken` when the chat is someone else's.
 */
export async function linkChat(
  db: Executor,
  userId: string,
  chatId: bigint,
  now: Date,
): Promise<{ taken: true } | { taken: false; replaced: bigint | null }> {
  const owner = await userOfChat(db, chatId);
  if (owner && owner !== userId) return { taken: true };
  const previous = await chatOfUser(db, userId);
  await db
    .insert(telegramChats)
    .values({ userId, chatId, connectedAt: now })
    .onConflictDoUpdate({ target: telegramChats.userId, set: { chatId, connectedAt: now } });
  return { taken: false, replaced: previous && previous.chatId !== chatId ? previous.chatId : null };
}

export async function unlinkChat(db: Executor, userId: string): Promise<void> {
  await db.delete(telegramChats).where(eq(telegramChats.userId, userId));
}

export type NewCodePrompt = Omit<TelegramCodePromptRow, 'createdAt'>;

/** The chat's pending code prompt, replacing its previous one; clears expired prompts of any chat. */
export async function savePrompt(db: Executor, prompt: NewCodePrompt, now: Date): Promise<void> {
  await db.delete(telegramCodePrompts).where(lte(telegramCodePrompts.expiresAt, now));
  const row = { ...prompt, createdAt: now };
  await db
    .insert(telegramCodePrompts)
    .values(row)
    .onConflictDoUpdate({ target: telegramCodePrompts.chatId, set: row });
}

/** The chat's code prompt, expired or not (the caller tells the user which). */
export async function promptOfChat(db: Executor, chatId: bigint): Promise<TelegramCodePromptRow | null> {
  const [row] = await db.select().from(telegramCodePrompts).where(eq(telegramCodePrompts.chatId, chatId));
  return row ?? null;
}

/** Ends that one prompt (a newer prompt of the chat, another message, stays). */
export async function deletePrompt(db: Executor, prompt: TelegramCodePromptRow): Promise<void> {
  await db
    .delete(telegramCodePrompts)
    .where(
      and(eq(telegramCodePrompts.chatId, prompt.chatId), eq(telegramCodePrompts.messageId, prompt.messageId)),
    );
}
