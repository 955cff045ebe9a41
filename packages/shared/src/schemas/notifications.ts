import { z } from 'zod';
import { IsoDate } from './common.ts';

/**
 * Notifications (issue 9): one row per event that needs the user, in the inbox of the web app
 * and, when connected, in the Telegram bot. The text is not stored: `key` is a message of the
 * ICU catalogue (`packages/shared/src/i18n`) and `values` fill it, so each reader sees it in
 * their own language. `title`/`message`/`action` are rendered by the server in the request's
 * language (Accept-Language) for convenience.
 *
 * Paths (all bearer):
 *   GET  /api/v1/notifications?limit&offset&unread=true  -> Ok(NotificationList)
 *   GET  /api/v1/notifications/unread-count              -> Ok(NotificationUnreadCount)
 *   POST /api/v1/notifications/{id}/read                 -> Ok(NotificationView)
 *   POST /api/v1/notifications/read-all                  -> Ok(MarkAllReadResult)
 * Socket: `notification:new` (NotificationNewEvent) to room `user:{id}`.
 */

export const NOTIFICATION_KINDS = [
  /** To the order owner: someone opened a trade on their order. */
  'trade_opened',
  /** To the buyer: the seller sent payment details. */
  'payment_details_sent',
  /** To the seller: the buyer marked the payment as sent. */
  'trade_paid',
  /** To the buyer: the seller confirmed receiving the payment. */
  'payment_confirmed',
  /** To both: the crypto was released (seller, auto-release or moderator). */
  'trade_released',
  /** To the other party (or both for a moderator): the trade was cancelled. */
  'trade_cancelled',
  /** To both: the payment window ran out and the trade was cancelled. */
  'trade_expired',
  /** To the other party: a dispute was opened. */
  'trade_disputed',
  /** To both: a moderator resolved the dispute. */
  'dispute_resolved',
  /** To both: a moderator wrote in the trade chat. */
  'moderator_message',
  /** To the recipient of a chat message who had no socket connected. */
  'chat_message',
  /** To the depositor: a deposit was credited. */
  'deposit_credited',
  /** To the owner of a withdrawal (or the recipient of an internal transfer): status changed. */
  'withdrawal_status',
  /** To the party who must act (or staff): a deadline is near (docs/decisions/030). */
  'deadline_reminder',
  /** To both parties of a swap: it settled (docs/decisions/038). */
  'swap_completed',
  /** To the owner: a security event of their account, with «Это не я» (docs/decisions/033). */
  'security_event',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The groups a user switches on and off in the settings. */
/** `security` is never switched off: every security event reaches the owner (docs/decisions/033). */
export const NOTIFICATION_CATEGORIES = ['trades', 'funds', 'chat', 'security'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_OF: Record<NotificationKind, NotificationCategory> = {
  trade_opened: 'trades',
  payment_details_sent: 'trades',
  trade_paid: 'trades',
  payment_confirmed: 'trades',
  trade_released: 'trades',
  trade_cancelled: 'trades',
  trade_expired: 'trades',
  trade_disputed: 'trades',
  dispute_resolved: 'trades',
  moderator_message: 'trades',
  chat_message: 'chat',
  deposit_credited: 'funds',
  withdrawal_status: 'funds',
  deadline_reminder: 'trades',
  swap_completed: 'funds',
  security_event: 'security',
};

export const NotificationView = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** What the notification is about: a trade, deposit or withdrawal. */
  entityType: z.enum(['trade', 'deposit', 'withdrawal']).nullable(),
  entityId: z.uuid().nullable(),
  /** Catalogue keys and their values (the web app may render them itself with `useT`). */
  titleKey: z.string(),
  messageKey: z.string(),
  actionKey: z.string().nullable(),
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Rendered in the request's language: what happened. */
  title: z.string(),
  message: z.string(),
  /** What the user must do next (and by when), or null when nothing is expected. */
  action: z.string().nullable(),
  /** By when the user must act (from the trade's timers); null when there is no deadline. */
  deadline: IsoDate.nullable(),
  /** In-app path of the place to act, e.g. `/trade/{id}`, `/wallet`. */
  link: z.string(),
  readAt: IsoDate.nullable(),
  createdAt: IsoDate,
});
export type NotificationView = z.infer<typeof NotificationView>;

export const NotificationListQuery = z.object({
  unread: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type NotificationListQuery = z.infer<typeof NotificationListQuery>;

export const NotificationList = z.object({
  notifications: z.array(NotificationView),
  total: z.number().int(),
  unreadCount: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  hasNext: z.boolean(),
});
export type NotificationList = z.infer<typeof NotificationList>;

export const NotificationUnreadCount = z.object({ unreadCount: z.number().int() });

export const MarkAllReadResult = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export type MarkAllReadResult = z.infer<typeof MarkAllReadResult>;

/** Socket `notification:new`: the notification plus the user's new unread count. */
export const NotificationNewEvent = z.object({
  notification: NotificationView,
  unreadCount: z.number().int(),
});
export type NotificationNewEvent = z.infer<typeof NotificationNewEvent>;
