import { and, count, desc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { compiledRows, compiledSelect, type Slot, wholeRow } from '../../db/compiled.ts';
import {
  type NotificationRow,
  notifications,
  notificationUnread,
  type TradeRow,
  trades,
  type UserRow,
  type UserSettingsRow,
  userSettings,
  users,
} from '../../db/schema.ts';
import { assert } from '../../errors.ts';

/** What `insertNotifications` writes of each row; the rest take the table's defaults. */
export type NotificationToStore = Pick<
  NotificationRow,
  | 'id'
  | 'userId'
  | 'kind'
  | 'entityType'
  | 'entityId'
  | 'titleKey'
  | 'messageKey'
  | 'actionKey'
  | 'values'
  | 'deadline'
  | 'link'
  | 'createdAt'
>;

type StoredSlot =
  | 'ids'
  | 'users'
  | 'kinds'
  | 'entityTypes'
  | 'entityIds'
  | 'titleKeys'
  | 'messageKeys'
  | 'actionKeys'
  | 'values'
  | 'deadlines'
  | 'links'
  | 'createdAts';

const STORED = wholeRow(notifications, {
  unreadBefore: sql<string>`unread_before`,
  botChat: sql<boolean>`bot_chat`,
});

/**
 * The rows come as one array per column, so the text is the same however many there are
 * (compiled once, kept prepared: docs/decisions/021). The user's unread count is the row the
 * table's triggers keep (docs/decisions/062), as it was before this statement; its subquery names
 * the inserted row's own user in full. `bot_chat`: whether the user has a chat with the bot,
 * so that the bot claims a message only for those who have one (docs/decisions/063).
 */
const insertStatement = compiledRows<
  StoredSlot,
  NotificationRow & { unreadBefore: string; botChat: boolean }
>(
  STORED.fields,
  (p) => sql`INSERT INTO notifications (id, user_id, kind, entity_type, entity_id, title_key,
      message_key, action_key, "values", deadline, link, created_at)
    SELECT * FROM unnest(${p('ids')}::uuid[], ${p('users')}::uuid[], ${p('kinds')}::text[],
      ${p('entityTypes')}::text[], ${p('entityIds')}::uuid[], ${p('titleKeys')}::text[],
      ${p('messageKeys')}::text[], ${p('actionKeys')}::text[], ${p('values')}::jsonb[],
      ${p('deadlines')}::timestamptz[], ${p('links')}::text[], ${p('createdAts')}::timestamptz[])
    ON CONFLICT (id) DO NOTHING
    RETURNING ${STORED.list}, COALESCE((SELECT c.unread FROM notification_unread c
      WHERE c.user_id = notifications.user_id), 0) AS unread_before,
      EXISTS (SELECT 1 FROM telegram_chats t WHERE t.user_id = notifications.user_id) AS bot_chat`,
);

/** A notification just stored: its user's unread count with it, and whether they have a bot chat. */
export interface InsertedNotification {
  row: NotificationRow;
  unreadCount: number;
  botChat: boolean;
}

/**
 * Stores notifications, any number in one statement, each answered with its user's unread
 * count, itself included; one whose id is stored already (an event told twice,
 * docs/decisions/041) is stored once and not answered. The count's subquery reads the snapshot
 * before the insert, so the rows of this statement are added here, in the order given: a
 * user's second notice of a batch counts the first.
 */
export async function insertNotifications(
  db: Executor,
  rows: readonly NotificationToStore[],
): Promise<Map<string, InsertedNotification>> {
  const stored = new Map<string, InsertedNotification>();
  if (rows.length === 0) return stored;
  const inserted = await insertStatement(db, {
    ids: rows.map((r) => r.id),
    users: rows.map((r) => r.userId),
    kinds: rows.map((r) => r.kind),
    entityTypes: rows.map((r) => r.entityType),
    entityIds: rows.map((r) => r.entityId),
    titleKeys: rows.map((r) => r.titleKey),
    messageKeys: rows.map((r) => r.messageKey),
    actionKeys: rows.map((r) => r.actionKey),
    values: rows.map((r) => JSON.stringify(r.values)),
    deadlines: rows.map((r) => r.deadline?.toISOString() ?? null),
    links: rows.map((r) => r.link),
    createdAts: rows.map((r) => r.createdAt.toISOString()),
  });
  const byId = new Map(inserted.map((r) => [r.id, r]));
  const unreadSoFar = new Map<string, number>();
  for (const { id } of rows) {
    const r = byId.get(id);
    if (!r) continue;
    const { unreadBefore, botChat, ...row } = r;
    const earlier = unreadSoFar.get(row.userId) ?? 0;
    const mine = row.readAt === null ? 1 : 0;
    unreadSoFar.set(row.userId, earlier + mine);
    stored.set(id, { row, unreadCount: Number(unreadBefore) + earlier + mine, botChat: Boolean(botChat) });
  }
  return stored;
}

/** Notifications by their ids. */
export async function findNotifications(db: Executor, ids: readonly string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(notifications)
    .where(inArray(notifications.id, [...ids]));
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

/** The user's unread notifications: the row the table's triggers keep (docs/decisions/062). */
export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: notificationUnread.unread })
    .from(notificationUnread)
    .where(eq(notificationUnread.userId, userId));
  return row?.n ?? 0;
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
 * Trades as notifications about them need them: each trade with both parties and both parties'
 * settings (null when never saved), for `size` trades in one statement.
 *
 * The ids are `size` values of their own (`id IN ($1, $2, …)`), not one array: PostgreSQL plans
 * a prepared statement once its plan for any values costs no more than one for the values at
 * hand, and an array's length is unknown to that plan (it reckons with ten), so the plan for
 * any values joined whole tables and it planned this five-table join anew on every call, more
 * CPU than running it (docs/decisions/056). A batch's ids are padded to the next power of two
 * (`READ_SIZES`) by repeating the last, so a few statement texts serve every batch.
 */
function tradesWithPartiesOf(size: number) {
  return compiledSelect((p: Slot<string>, qb) => {
    const buyer = alias(users, 'buyer');
    const seller = alias(users, 'seller');
    const buyerSettings = alias(userSettings, 'buyer_settings');
    const sellerSettings = alias(userSettings, 'seller_settings');
    const ids = sql.join(
      Array.from({ length: size }, (_, i) => sql`${p(`id${i}`)}::uuid`),
      sql`, `,
    );
    return qb
      .select({ trade: trades, buyer, seller, buyerSettings, sellerSettings })
      .from(trades)
      .leftJoin(buyer, eq(buyer.id, trades.buyerId))
      .leftJoin(seller, eq(seller.id, trades.sellerId))
      .leftJoin(buyerSettings, eq(buyerSettings.userId, trades.buyerId))
      .leftJoin(sellerSettings, eq(sellerSettings.userId, trades.sellerId))
      .where(sql`${trades.id} IN (${ids})`);
  });
}

/** The sizes of the reads of `tradesForRecipients`: a batch of more ids takes several. */
const READ_SIZES: readonly number[] = [1, 2, 4, 8, 16, 32, 64, 128];
const MAX_READ = READ_SIZES[READ_SIZES.length - 1] as number;
const tradesWithParties = new Map(READ_SIZES.map((size) => [size, tradesWithPartiesOf(size)]));

/** The rows of these trades (any number), in reads of `READ_SIZES`. */
async function readTradesWithParties(db: Executor, ids: readonly string[]) {
  const rows = [];
  for (let from = 0; from < ids.length; from += MAX_READ) {
    const part = ids.slice(from, from + MAX_READ);
    const size = READ_SIZES.find((n) => n >= part.length) as number;
    const read = tradesWithParties.get(size);
    assert(read, `no read of ${size} trades`);
    const values: Record<string, string> = {};
    for (let i = 0; i < size; i++) values[`id${i}`] = part[Math.min(i, part.length - 1)] as string;
    rows.push(...(await read(db, values)));
  }
  return rows;
}

/** A trade, the party other than its recipient, and the recipient's settings. */
export interface TradeForRecipient {
  trade: TradeRow;
  /** The other party; null when the recipient is not a party. */
  other: UserRow | null;
  /** The recipient's settings; null when never saved (or not a party). */
  settings: UserSettingsRow | null;
}

/**
 * For each `{ tradeId, userId }` asked, the trade as a notice to `userId` needs it, keyed
 * `tradeId:userId` (a trade that does not exist has no entry). One statement for all.
 */
export async function tradesForRecipients(
  db: Executor,
  asks: readonly { tradeId: string; userId: string }[],
): Promise<Map<string, TradeForRecipient>> {
  const found = new Map<string, TradeForRecipient>();
  if (asks.length === 0) return found;
  const rows = await readTradesWithParties(db, [...new Set(asks.map((a) => a.tradeId))]);
  const byId = new Map(rows.map((r) => [r.trade.id, r]));
  for (const { tradeId, userId } of asks) {
    const r = byId.get(tradeId);
    if (!r) continue;
    const side = r.trade.buyerId === userId ? 'buyer' : r.trade.sellerId === userId ? 'seller' : null;
    found.set(`${tradeId}:${userId}`, {
      trade: r.trade,
      other: side === 'buyer' ? r.seller : side === 'seller' ? r.buyer : null,
      settings: side === 'buyer' ? r.buyerSettings : side === 'seller' ? r.sellerSettings : null,
    });
  }
  return found;
}

/** The trade as a notice about it to `userId` needs it (`tradesForRecipients` for one). */
export async function tradeForRecipient(
  db: Executor,
  tradeId: string,
  userId: string,
): Promise<TradeForRecipient | null> {
  return (await tradesForRecipients(db, [{ tradeId, userId }])).get(`${tradeId}:${userId}`) ?? null;
}
