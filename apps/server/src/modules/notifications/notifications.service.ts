import { randomUUID } from 'node:crypto';
import {
  isMessageKey,
  type Lang,
  type MarkAllReadResult,
  NOTIFICATION_CATEGORY_OF,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  type NotificationView,
  type ServerEventPayload,
  translate,
} from '@p2p/shared';
import type { z } from 'zod';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { NotificationRow, UserSettingsRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { PendingEvents } from '../../events/notifier.ts';
import { RetryLater } from '../../events/retry-later.ts';
import { settingsOf } from '../settings/index.ts';
import * as repo from './notifications.repository.ts';

/** What an event asks to tell one user; texts are catalogue keys with their values. */
export interface NotificationDraft {
  /**
   * The notification's id when the caller fixes it: the event it tells of (the outbox's row id,
   * docs/decisions/041), so an event delivered twice stores one notification.
   */
  id?: string;
  userId: string;
  kind: NotificationKind;
  entity: { type: 'trade' | 'deposit' | 'withdrawal'; id: string } | null;
  titleKey: string;
  messageKey: string;
  actionKey: string | null;
  values: Record<string, string | number>;
  deadline: Date | null;
  link: string;
  /** The recipient's settings, when the event's source read them with its own data. */
  recipientSettings?: UserSettingsRow;
}

/** What the statement that stored a notification knew of its user's reach, for the sinks. */
export interface Reach {
  /** The user has a chat with the bot (false: none); unset when not known. */
  botChat?: boolean;
}

/** A notification stored, with what announcing it needs. */
export interface StoredNotification extends Reach {
  row: NotificationRow;
  unreadCount: number;
  settings: UserSettingsRow;
  /** Stored before, under the same id (an event delivered again): the user was told already. */
  repeated?: boolean;
}

/**
 * Receives every stored notification after it was stored (the Telegram bot), and again when
 * its event is delivered again: a sink keeps its own record of what it sent. Resolves once it
 * sent or gave up.
 */
export type NotificationSink = (
  row: NotificationRow,
  settings: UserSettingsRow,
  reach: Reach,
) => void | Promise<void>;

const text = (lang: Lang, key: string, values: Record<string, string | number>) =>
  isMessageKey(key) ? translate(lang, key, values) : key;

/**
 * The deadline a trade's notice may still count down to: the one its trade runs on now. A
 * finished or disputed trade runs on none, a trade past that step on another: the notice then
 * shows no deadline at all (docs/decisions/034).
 */
export function deadlineStillApplies(
  deadline: Date | null,
  trade: repo.NoticeTradeState | null,
): Date | null {
  if (!deadline || !trade) return deadline;
  // Before payment the only deadline is the payment's, which the first details move (0034).
  if (trade.status === 'ESCROW_LOCKED' || trade.status === 'CREATED') return trade.paymentDeadline;
  const current =
    trade.status === 'PAYMENT_PENDING'
      ? trade.confirmationDeadline
      : trade.status === 'PAYMENT_CONFIRMED'
        ? trade.autoReleaseAt
        : null;
  return current && current.getTime() === deadline.getTime() ? deadline : null;
}

/** A stored notification rendered in `lang`. */
export function toNotificationView(row: NotificationRow, lang: Lang): NotificationView {
  return {
    id: row.id,
    kind: row.kind,
    category: NOTIFICATION_CATEGORY_OF[row.kind],
    entityType: row.entityType,
    entityId: row.entityId,
    titleKey: row.titleKey,
    messageKey: row.messageKey,
    actionKey: row.actionKey,
    values: row.values,
    title: text(lang, row.titleKey, row.values),
    message: text(lang, row.messageKey, row.values),
    action: row.actionKey ? text(lang, row.actionKey, row.values) : null,
    deadline: row.deadline?.toISOString() ?? null,
    link: row.link,
    readAt: row.readAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether the user's settings let a notification of this kind through. */
export function wants(settings: UserSettingsRow, kind: NotificationKind): boolean {
  const category = NOTIFICATION_CATEGORY_OF[kind];
  // Every security event reaches its owner (docs/decisions/033): no setting silences it.
  if (category === 'security') return true;
  if (category === 'chat') return settings.notifyChat;
  if (category === 'funds') return settings.notifyFunds;
  return settings.notifyTrades;
}

/** The inbox: stores notifications, tells the user's sockets, hands them on to the sinks. */
export class NotificationsService {
  private readonly sinks = new Set<NotificationSink>();

  constructor(private readonly ctx: Needs<'db' | 'clock' | 'notifier'>) {}

  /** Adds a receiver of every new notification (returns its removal). */
  addSink(sink: NotificationSink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /**
   * Stores the notifications the users did not switch off (one statement for all), emits
   * `notification:new` to each user's sockets, and hands each to the sinks, in the order given.
   * Runs after the events' own transactions committed, so it never holds up or undoes one.
   * Answers once they are stored and told, with the notifications (or those stored before, for
   * an event told again) and `settled`: the sinks' work (a bot's send), which fails with every
   * sink's "not yet" together.
   */
  async createMany(
    drafts: readonly NotificationDraft[],
  ): Promise<{ rows: NotificationRow[]; settled: Promise<void> }> {
    const stored = await this.storeMany(this.ctx.db, drafts);
    // A repeated one was on the user's sockets already; the sinks decide for themselves (the
    // bot sends a notification once per chat), and are waited for: the event is done after them.
    // Told straight to the notifier, with no transaction to hold it in: this runs as the
    // outbox's durable consumer of events already committed (docs/decisions/041), each
    // notification keyed by its event's id, and its socket hint has no effect to write again.
    for (const one of stored)
      if (!one.repeated) this.ctx.notifier.toUsers([one.row.userId], 'notification:new', newEvent(one));
    // All handed over now, in order (the bot's queue sends them in it).
    const settled = Promise.allSettled(stored.map((one) => this.toSinks(one.row, one.settings, one))).then(
      (results) => {
        const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        if (failures.length) throw new AggregateError(failures, 'notification sinks failed');
      },
    );
    // Its failure is the caller's to handle, whenever it looks.
    settled.catch(() => {});
    return { rows: stored.map((one) => one.row), settled };
  }

  /** `createMany` for one draft, sinks included: its notification, or null when switched off. */
  async create(draft: NotificationDraft): Promise<NotificationRow | null> {
    const { rows, settled } = await this.createMany([draft]);
    await settled;
    return rows[0] ?? null;
  }

  /**
   * Stores the notification with `db` (a caller's transaction: a reminder and its notification
   * commit together, docs/decisions/030) unless the user switched its kind off. Nothing is told
   * yet: the caller holds its `notification:new` with its transaction's events (`hold`) and
   * passes the result to `announce` once the transaction committed.
   */
  async store(db: Executor, draft: NotificationDraft): Promise<StoredNotification | null> {
    return (await this.storeMany(db, [draft]))[0] ?? null;
  }

  /**
   * `store` for any number of drafts: the settings a draft does not carry are read, the kinds a
   * user switched off dropped, the rest inserted in one statement; one stored before under its
   * id (its event told twice) comes back `repeated`, as it was stored.
   */
  private async storeMany(db: Executor, drafts: readonly NotificationDraft[]): Promise<StoredNotification[]> {
    const wanted: { id: string; draft: NotificationDraft; settings: UserSettingsRow }[] = [];
    for (const draft of drafts) {
      const settings = draft.recipientSettings ?? (await settingsOf(db, draft.userId));
      if (wants(settings, draft.kind)) wanted.push({ id: draft.id ?? randomUUID(), draft, settings });
    }
    const createdAt = this.ctx.clock.now();
    const inserted = await repo.insertNotifications(
      db,
      wanted.map(({ id, draft }) => ({
        id,
        userId: draft.userId,
        kind: draft.kind,
        entityType: draft.entity?.type ?? null,
        entityId: draft.entity?.id ?? null,
        titleKey: draft.titleKey,
        messageKey: draft.messageKey,
        actionKey: draft.actionKey,
        values: draft.values,
        deadline: draft.deadline,
        link: draft.link,
        createdAt,
      })),
    );
    const missing = wanted.filter(({ id }) => !inserted.has(id)).map(({ id }) => id);
    const before = new Map((await repo.findNotifications(db, missing)).map((row) => [row.id, row]));
    return wanted.map(({ id, settings }) => {
      const fresh = inserted.get(id);
      if (fresh) return { ...fresh, settings };
      const row = before.get(id);
      if (!row) throw new Error('notification insert returned nothing');
      return { row, unreadCount: 0, settings, repeated: true };
    });
  }

  /**
   * Holds `notification:new` of a notification stored in the caller's transaction with that
   * transaction's events: written with them (docs/decisions/041), told to the sockets once it
   * committed.
   */
  hold(events: PendingEvents, stored: StoredNotification): void {
    events.toUsers([stored.row.userId], 'notification:new', newEvent(stored));
  }

  /**
   * Tells the sinks (the bot) of a notification stored in a committed transaction: the feed
   * calls it for the outbox's `notification:new` of a reminder, on the fast path or again after a
   * crash (the bot sends a notification once per chat). A sink's "not yet" is thrown.
   */
  async announce(id: string): Promise<void> {
    const [row] = await repo.findNotifications(this.ctx.db, [id]);
    if (!row) return;
    await this.toSinks(row, await settingsOf(this.ctx.db, row.userId), {});
  }

  private async toSinks(row: NotificationRow, settings: UserSettingsRow, reach: Reach): Promise<void> {
    // A failing sink (Telegram) never affects the inbox: the sink logs its own failures. Only a
    // sink's "not yet" (`RetryLater`) goes on, so the event is delivered again.
    const results = await Promise.allSettled([...this.sinks].map(async (sink) => sink(row, settings, reach)));
    const later = results.find((r) => r.status === 'rejected' && r.reason instanceof RetryLater);
    if (later?.status === 'rejected') throw later.reason;
  }

  async list(
    userId: string,
    query: z.infer<typeof NotificationListQuery>,
    lang: Lang,
  ): Promise<NotificationList> {
    const { rows, total } = await repo.listNotifications(this.ctx.db, userId, {
      unreadOnly: query.unread === 'true',
      limit: query.limit,
      offset: query.offset,
    });
    return {
      notifications: rows.map(({ trade, ...r }) =>
        toNotificationView({ ...r, deadline: deadlineStillApplies(r.deadline, trade) }, lang),
      ),
      total,
      unreadCount: await repo.unreadCount(this.ctx.db, userId),
      limit: query.limit,
      offset: query.offset,
      hasNext: query.offset + rows.length < total,
    };
  }

  unreadCount(userId: string): Promise<number> {
    return repo.unreadCount(this.ctx.db, userId);
  }

  async markRead(userId: string, id: string, lang: Lang): Promise<NotificationView> {
    const row = await repo.markRead(this.ctx.db, userId, id, this.ctx.clock.now());
    if (!row) throw new AppError('NOT_FOUND', 'notify.notFound');
    return toNotificationView(row, lang);
  }

  async markAllRead(userId: string): Promise<MarkAllReadResult> {
    const updated = await repo.markAllRead(this.ctx.db, userId, this.ctx.clock.now());
    return { updated, unreadCount: await repo.unreadCount(this.ctx.db, userId) };
  }
}

/** What the user's sockets hear of a new notification: it, and their unread count with it. */
function newEvent({ row, unreadCount }: StoredNotification): ServerEventPayload<'notification:new'> {
  return { notification: toNotificationView(row, 'ru'), unreadCount };
}
