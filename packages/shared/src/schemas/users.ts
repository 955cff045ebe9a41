import { z } from 'zod';
import { OptionalDisplayName, RequiredDisplayName } from '../display-name.ts';

/** The signed-in user's own view (spec 1 §3 User). */
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
});
export type UserView = z.infer<typeof UserView>;

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
    message: 'Нечего обновлять',
  });

export const UpdateProfileRequest = z
  .object({
    displayName: OptionalDisplayName.optional(),
    useCustomProfile: z.boolean().optional(),
  })
  .strict()
  .refine((b) => b.displayName !== undefined || b.useCustomProfile !== undefined, {
    message: 'Нечего обновлять',
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
 * Public profile of spec 2 §3. Every figure is computed from stored trades and reviews;
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
    online_status: OnlineStatus,
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
    total_volume: z.string(),
  }),
  reviews: z.array(ReviewView),
});
export type PublicProfile = z.infer<typeof PublicProfile>;
