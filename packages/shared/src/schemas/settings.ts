import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { text } from './text.ts';
import { SecondFactorCode } from './two-factor.ts';

/**
 * Per-user settings, stored on the server and applied
 * (docs/decisions/017-notifications-bot-settings.md).
 *
 * Paths (all bearer):
 *   GET /api/v1/users/settings          -> Ok(UserSettings)
 *   PUT /api/v1/users/settings          body UpdateSettingsRequest (any subset) -> Ok(UserSettings)
 *   GET  /api/v1/telegram/link          -> Ok(TelegramLinkStatus)   (bot connected? enabled?)
 *   POST /api/v1/telegram/link          body TelegramLinkRequest -> Ok(TelegramLinkToken) (deep link, 15 min)
 *   DELETE /api/v1/telegram/link        -> Ok(TelegramLinkStatus)   (disconnect the bot)
 *   POST /api/v1/telegram/webhook       (Telegram only, X-Telegram-Bot-Api-Secret-Token)
 */

/** Trading settings' payment window, minutes: 5 to 60, default 15 (docs/product/texts-and-limits.md). */
export const SETTINGS_TIME_LIMIT = { min: 5, max: 60, default: 30 } as const;
/** Minimum partner rating, 0 to 5 in steps of 0.1; 0 means no minimum. */
export const SETTINGS_MIN_RATING = { min: 0, max: 5, step: 0.1 } as const;
export const AUTO_REPLY_MAX = 500;
/** "Hide my orders when I am away": minutes, 5 to 1440; null = off (docs/decisions/028). */
export const SETTINGS_HIDE_AWAY = { min: 5, max: 1440, default: 30 } as const;

export const SettingsMessages = {
  timeLimit: 'validation.settings.timeLimit',
  minRating: 'validation.settings.minRating',
  hideAway: 'validation.settings.hideAway',
  /** `{max}` is the issue's own bound, AUTO_REPLY_MAX. */
  autoReplyTooLong: 'validation.settings.autoReplyTooLong',
} as const satisfies Record<string, MessageKey>;

export const NotificationSettings = z.object({
  /** Send notifications to the connected Telegram bot. */
  telegram: z.boolean(),
  /** Trade events (new trade, paid, confirmed, released, cancelled, disputes). */
  trades: z.boolean(),
  /** Deposits credited and withdrawal status changes. */
  deposits: z.boolean(),
  /** Chat messages while away. */
  chat: z.boolean(),
});

export const PrivacySettings = z.object({
  /** Others see online status and last seen (public profile, order book). */
  showOnline: z.boolean(),
  /** Others see trade figures on my public profile. */
  showStats: z.boolean(),
  /** Counterparties may write in the trade chat (system and moderator lines always pass). */
  allowMessages: z.boolean(),
});

const minutes = z
  .number({ error: SettingsMessages.timeLimit })
  .int(SettingsMessages.timeLimit)
  .min(SETTINGS_TIME_LIMIT.min, SettingsMessages.timeLimit)
  .max(SETTINGS_TIME_LIMIT.max, SettingsMessages.timeLimit);

const minRating = z
  .number({ error: SettingsMessages.minRating })
  .min(SETTINGS_MIN_RATING.min, SettingsMessages.minRating)
  .max(SETTINGS_MIN_RATING.max, SettingsMessages.minRating)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, SettingsMessages.minRating);

export const TradingSettings = z.object({
  /** Posted into the chat when a trade opens on my order; empty = off. */
  autoReply: z.string(),
  /** Default payment window (minutes) pre-filled in the create-order form. */
  timeLimit: z.number().int(),
  /** Trades on my orders by users rated below this are refused; 0 = no minimum. */
  minRating: z.number(),
  /** Whether users with no rating yet may trade on my orders when minRating > 0. */
  allowUnrated: z.boolean(),
  /** My orders leave the book after this many minutes unseen, until I am back; null = off. */
  hideOrdersAwayMinutes: z.number().int().nullable(),
});

export const UserSettings = z.object({
  notifications: NotificationSettings,
  privacy: PrivacySettings,
  trading: TradingSettings,
  /** Whether the Telegram bot is connected to this account. */
  telegramConnected: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type UserSettings = z.infer<typeof UserSettings>;

export const UpdateSettingsRequest = z
  .object({
    notifications: NotificationSettings.partial().strict().optional(),
    privacy: PrivacySettings.partial().strict().optional(),
    trading: z
      .object({
        autoReply: text({
          max: AUTO_REPLY_MAX,
          multiline: true,
          messages: { tooLong: SettingsMessages.autoReplyTooLong },
        }),
        timeLimit: minutes,
        minRating,
        allowUnrated: z.boolean(),
        hideOrdersAwayMinutes: z
          .number({ error: SettingsMessages.hideAway })
          .int(SettingsMessages.hideAway)
          .min(SETTINGS_HIDE_AWAY.min, SettingsMessages.hideAway)
          .max(SETTINGS_HIDE_AWAY.max, SettingsMessages.hideAway)
          .nullable(),
      })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type UpdateSettingsRequest = z.infer<typeof UpdateSettingsRequest>;

export const TelegramLinkStatus = z.object({
  /** A bot is configured on this server. */
  botEnabled: z.boolean(),
  botUsername: z.string().nullable(),
  connected: z.boolean(),
  connectedAt: z.string().nullable(),
});
export type TelegramLinkStatus = z.infer<typeof TelegramLinkStatus>;

/**
 * `POST /telegram/link`: with two-factor on, a fresh code (or a recovery code) is needed for
 * every link; a step-up window never covers it (docs/decisions/023).
 */
export const TelegramLinkRequest = z.object({ code: SecondFactorCode.optional() });
export type TelegramLinkRequest = z.infer<typeof TelegramLinkRequest>;

export const TelegramLinkToken = z.object({
  /** `https://t.me/{bot}?start={token}`: open it to connect the bot. */
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type TelegramLinkToken = z.infer<typeof TelegramLinkToken>;
