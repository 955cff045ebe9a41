import { z } from 'zod';
import { OptionalDisplayName, RequiredDisplayName } from '../display-name.ts';
import type { MessageKey } from '../i18n/runtime.ts';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from '../time-zones.ts';
import { text } from './text.ts';

/** The signed-in user's own view. */
export const UserView = z.object({
  id: z.uuid(),
  telegramId: z.string().nullable(),
  username: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  useCustomProfile: z.boolean(),
  photoUrl: z.string().nullable(),
  customAvatarUrl: z.string().nullable(),
  effectiveName: z.string(),
  effectiveAvatar: z.string().nullable(),
  verified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // The same user under its snake_case names too, plus figures computed from data:
  first_name: z.string(),
  last_name: z.string().nullable(),
  display_name: z.string().nullable(),
  use_custom_profile: z.boolean(),
  custom_avatar_url: z.string().nullable(),
  effective_name: z.string(),
  effective_avatar: z.string().nullable(),
  photo_url: z.string().nullable(),
  /** Average of received review stars, 1 decimal; null without reviews. */
  rating: z.number().nullable(),
  /** Counted trades, as others see them and `min_taker_trades` counts (docs/decisions/035). */
  trades_count: z.number().int(),
  /** IANA zone the bot writes times in (docs/decisions/030); `Europe/Moscow` until set. */
  timeZone: z.string().default(DEFAULT_TIME_ZONE),
});
export type UserView = z.infer<typeof UserView>;

/** An IANA time zone that this runtime's Intl knows (stored in its canonical spelling). */
export const TimeZoneName = text({
  min: 1,
  max: 64,
  messages: {
    required: 'validation.timeZone',
    tooLong: 'validation.timeZone',
    badCharacters: 'validation.timeZone',
  },
}).refine(isValidTimeZone, 'validation.timeZone');

/** `PUT /users/me/time-zone`. */
export const TimeZoneRequest = z.object({ timeZone: TimeZoneName }).strict();
export type TimeZoneRequest = z.infer<typeof TimeZoneRequest>;

export const UserResult = z.object({ user: UserView });

export const DisplayNameRequest = z.object({ display_name: RequiredDisplayName });

/** PUT /users/me carries one field: display_name or use_custom_profile. */
export const UpdateMeRequest = z
  .object({
    display_name: OptionalDisplayName.optional(),
    use_custom_profile: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.display_name !== undefined || b.use_custom_profile !== undefined, {
    message: 'validation.displayName.nothingToUpdate',
  });

export const UpdateProfileRequest = z
  .object({
    displayName: OptionalDisplayName.optional(),
    useCustomProfile: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.displayName !== undefined || b.useCustomProfile !== undefined, {
    message: 'validation.displayName.nothingToUpdate',
  });

export const OnlineStatus = z.enum(['online', 'away', 'offline']);

export const ReviewView = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: z.string(),
  reviewer: z.object({
    id: z.uuid(),
    first_name: z.string(),
    username: z.string().nullable(),
    /** The name the reviewer shows to others (display name, else Telegram name, else username). */
    effective_name: z.string(),
  }),
});
export type ReviewView = z.infer<typeof ReviewView>;

/**
 * Public profile. Every figure is computed from stored trades and reviews;
 * where there is no data the figure is null, never a made-up default.
 */
export const PublicProfile = z.object({
  user: z.object({
    id: z.uuid(),
    avatar: z.string().nullable(),
    first_name: z.string(),
    last_name: z.string().nullable(),
    display_name: z.string().nullable(),
    effective_name: z.string(),
    username: z.string().nullable(),
    verified: z.boolean(),
    /** null when the user hides their online status (privacy settings). */
    online_status: OnlineStatus.nullable(),
    last_seen: z.string().nullable(),
    rating: z.number().nullable(),
    reviews_count: z.number().int(),
    total_trades: z.number().int(),
    completion_rate: z.number().nullable(),
    avg_response_time: z.number().nullable(),
    bio: z.string().nullable(),
    location: z.string().nullable(),
    languages: z.array(z.string()),
    joined_date: z.string(),
    /** Completed RUB volume; null when the owner hides statistics. */
    total_volume: z.string().nullable(),
    /** Counted trades (same as total_trades, docs/decisions/035); null when the owner hides statistics. */
    completed_trades: z.number().int().nullable(),
    /** Average seconds from the buyer's "paid" to the release, as seller; null without data. */
    avg_release_time: z.number().nullable(),
    /** Counted trades with a trade in the last 30 days; null when the owner hides statistics. */
    trades_30d: z.number().int().nullable(),
    /** Average seconds from opening to "paid", as buyer; null without data or hidden. */
    avg_payment_time: z.number().nullable(),
    /** The owner's privacy: false = figures above are withheld (null / 0) and reviews hidden. */
    stats_visible: z.boolean(),
    /** The owner's privacy: counterparties may write to them in trade chats. */
    allow_messages: z.boolean(),
  }),
  reviews: z.array(ReviewView),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

// ---- avatar ----
// POST   /api/v1/users/avatar   multipart field `avatar` -> Ok(AvatarUploadResult)
// DELETE /api/v1/users/avatar   -> Ok(AvatarInfo)
// GET    /api/v1/users/avatar/info -> Ok(AvatarInfo)
// GET    /api/v1/avatars/{file} public image (immutable, cache-busting name)

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const AvatarMessages = {
  type: 'avatarUi.badType',
  size: 'avatarUi.tooBig',
  extension: 'avatarUi.badExtension',
  missing: 'errors.avatarPick',
  unreadable: 'validation.file.unreadable',
} as const satisfies Record<string, MessageKey>;

export const AvatarUploadResult = z.object({
  /** Public URL; it changes on every upload, so it can be cached for good. */
  avatarUrl: z.string(),
  fileSize: z.number().int(),
  processedSize: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  user: UserView,
});
export type AvatarUploadResult = z.infer<typeof AvatarUploadResult>;

export const AvatarInfo = z.object({
  hasCustomAvatar: z.boolean(),
  avatarUrl: z.string().nullable(),
  effectiveAvatar: z.string().nullable(),
  mimeType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploadedAt: z.string().nullable(),
});
export type AvatarInfo = z.infer<typeof AvatarInfo>;
