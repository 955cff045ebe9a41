import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { compiledSelect, type Slot } from '../../db/compiled.ts';
import { type NotificationRow, notifications, trades, userSettings, users } from '../../db/schema.ts';

export type NewNotification = typeof notifications.$inferInsert;

/**
 * Stores a notification and answers with the user's unread count, the new one included, in
 * one statement (the count's subquery reads the snapshot before the insert, hence + 1).
 */
export async function insertNotification(
  db: Executor,
  row: NewNotification,
): Promise<{ row: NotificationRow; unreadCount: number } | null> {
  const [inserted] = await db
    .insert(notifications)
    .values(row)
    // A row under this id exists: an event told twice (docs/decisions/041) stores once.
    .onConflictDoNothing({ target: notifications.id })
    .returning({
      ...getTableColumns(notifications),
      unreadBefore: sql<string>`(SELECT count(*) FROM notifications n
        WHERE n.user_id = ${row.userId} AND n.read_at IS NULL)`,
    });
  if (!inserted) return null;
  const { unreadBefore, ...stored } = inserted;
  return { row: stored, unreadCount: Number(unreadBefore) + (stored.readAt === null ? 1 : 0) };
}

/** A notification by its id. */
export async function findNotification(db: Executor, id: string): Promise<NotificationRow | null> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row ?? null;
}

/** A trade's state as a notice about it reads it: which of its deadlines still applies. */
export interface NoticeTradeState {
  status: string;
  paymentDeadline: Date;
  confirmationDeadline: Date | null;
  autoReleaseAt: Date | null;
}

/** The user's notifications, newest first, each with the state of the trade it is about. */
export async function listNotifications(
  db: Executor,
  userId: string,
  opts: { unreadOnly: boolean; limit: number; offset: number },
): Promise<{ rows: (NotificationRow & { trade: NoticeTradeState | null })[]; total: number }> {
  const where = opts.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        ...getTableColumns(notifications),
        tradeStatus: trades.status,
        tradePaymentDeadline: trades.paymentDeadline,
        tradeConfirmationDeadline: trades.confirmationDeadline,
        tradeAutoReleaseAt: trades.autoReleaseAt,
      })
      .from(notifications)
      .leftJoin(trades, and(eq(notifications.entityType, 'trade'), eq(trades.id, notifications.entityId)))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.seq))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return {
    rows: rows.map(
      ({ tradeStatus, tradePaymentDeadline, tradeConfirmationDeadline, tradeAutoReleaseAt, ...row }) => ({
        ...row,
        trade:
          tradeStatus && tradePaymentDeadline
            ? {
                status: tradeStatus,
                paymentDeadline: tradePaymentDeadline,
                confirmationDeadline: tradeConfirmationDeadline,
                autoReleaseAt: tradeAutoReleaseAt,
              }
            : null,
      }),
    ),
    total: Number(totalRow?.n ?? 0),
  };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks one of the user's notifications read (once); null when it is not theirs. */
export async function markRead(
  db: Executor,
  userId: string,
  id: string,
  now: Date,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`COALESCE(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

export async function markAllRead(db: Executor, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * A trade as a notification about it needs it: the trade, the party other than `userId`
 * (null when `userId` is not a party) and `userId`'s settings (null when never saved).
 */
const tradeWithOtherParty = compiledSelect((p: Slot<'tradeId' | 'userId'>, qb) => {
  const other = alias(users, 'other_party');
  return qb
    .select({ trade: trades, other, settings: userSettings })
    .from(trades)
    .leftJoin(
      other,
      sql`${other.id} = CASE WHEN ${trades.buyerId} = ${p('userId')} THEN ${trades.sellerId} ELSE ${trades.buyerId} END`,
    )
    .leftJoin(userSettings, eq(userSettings.userId, p('userId')))
    .where(eq(trades.id, p('tradeId')));
});

export async function tradeForRecipient(db: Executor, tradeId: string, userId: string) {
  const [row] = await tradeWithOtherParty(db, { tradeId, userId });
  return row ?? null;
}
