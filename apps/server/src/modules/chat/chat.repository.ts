import { and, desc, eq, inArray, isNull, ne, type Placeholder, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type ChatMessageRow, chatMessages, type UserRow, users } from '../../db/schema.ts';

export type MessageWithSender = ChatMessageRow & { sender: UserRow | null };

/**
 * Unread for `userId`: text the other party wrote that nobody marked read yet. The type is written
 * into the text, not passed as a value: the unread index is partial on it, and a prepared
 * statement's plan for any values could not use it (docs/decisions/056).
 */
export const unreadFor = (userId: string | Placeholder) =>
  and(sql`${chatMessages.type} = 'TEXT'`, isNull(chatMessages.readAt), ne(chatMessages.senderId, userId));

export async function insertMessage(
  db: Executor,
  values: typeof chatMessages.$inferInsert,
): Promise<ChatMessageRow> {
  const [row] = await db.insert(chatMessages).values(values).returning();
  if (!row) throw new Error('chat message insert returned nothing');
  return row;
}

/** Inserts a message under its given id unless one is there already (null then). */
export async function insertMessageOnce(
  db: Executor,
  values: typeof chatMessages.$inferInsert & { id: string },
): Promise<ChatMessageRow | null> {
  const [row] = await db
    .insert(chatMessages)
    .values(values)
    .onConflictDoNothing({ target: chatMessages.id })
    .returning();
  return row ?? null;
}

export async function findMessage(db: Executor, id: string): Promise<MessageWithSender | null> {
  const [row] = await db
    .select({ message: chatMessages, sender: users })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.id, id));
  return row ? { ...row.message, sender: row.sender } : null;
}

/** One page counted back from the newest message, returned oldest first. */
export async function listMessages(db: Executor, tradeId: string, limit: number, offset: number) {
  const rows = await db
    .select({ message: chatMessages, sender: users })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .where(eq(chatMessages.tradeId, tradeId))
    .orderBy(desc(chatMessages.seq))
    .limit(limit)
    .offset(offset);
  const [count] = await db
    .select({ n: sql<string>`COUNT(*)` })
    .from(chatMessages)
    .where(eq(chatMessages.tradeId, tradeId));
  const page: MessageWithSender[] = rows.reverse().map((r) => ({ ...r.message, sender: r.sender }));
  return { rows: page, total: Number(count?.n ?? 0) };
}

/** Marks one message read if it is unread text for `readerId`; null when nothing changed. */
export async function markRead(db: Executor, id: string, readerId: string, at: Date) {
  const [row] = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(and(eq(chatMessages.id, id), unreadFor(readerId)))
    .returning({ id: chatMessages.id, readAt: chatMessages.readAt });
  return row ?? null;
}

/** Marks every unread counterparty message of a trade read; returns the ids it marked. */
export async function markAllRead(db: Executor, tradeId: string, readerId: string, at: Date) {
  const rows = await db
    .update(chatMessages)
    .set({ readAt: at })
    .where(and(eq(chatMessages.tradeId, tradeId), unreadFor(readerId)))
    .returning({ id: chatMessages.id, seq: chatMessages.seq });
  return rows.sort((a, b) => (a.seq < b.seq ? -1 : 1)).map((r) => r.id);
}

/** Unread messages for `userId` per trade, in one query; trades without any are absent. */
export async function unreadCounts(db: Executor, userId: string, tradeIds: string[]) {
  if (tradeIds.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ tradeId: chatMessages.tradeId, n: sql<string>`COUNT(*)` })
    .from(chatMessages)
    .where(and(inArray(chatMessages.tradeId, tradeIds), unreadFor(userId)))
    .groupBy(chatMessages.tradeId);
  return new Map(rows.map((r) => [r.tradeId, Number(r.n)]));
}
