import { effectiveName, type UserView } from '@p2p/shared';
import type { UserRow } from '../../db/schema.ts';
import type { ReputationSummary } from './reputation.ts';

/** Name shown to others: one rule with the web app (packages/shared display-name.ts). */
export { effectiveName };

export function effectiveAvatar(u: Pick<UserRow, 'useCustomProfile' | 'customAvatarUrl' | 'photoUrl'>) {
  return (u.useCustomProfile && u.customAvatarUrl) || u.photoUrl || u.customAvatarUrl || null;
}

/** The signed-in user's own record; `rep` is their computed reputation (rating, trades). */
export function toUserView(u: UserRow, rep: Pick<ReputationSummary, 'rating' | 'completedTrades'>): UserView {
  const name = effectiveName(u);
  const avatar = effectiveAvatar(u);
  return {
    id: u.id,
    telegramId: u.telegramId === null ? null : u.telegramId.toString(),
    username: u.username,
    firstName: u.firstName,
    lastName: u.lastName,
    displayName: u.displayName,
    useCustomProfile: u.useCustomProfile,
    photoUrl: u.photoUrl,
    customAvatarUrl: u.customAvatarUrl,
    effectiveName: name,
    effectiveAvatar: avatar,
    verified: u.verified,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
    first_name: u.firstName,
    last_name: u.lastName,
    display_name: u.displayName,
    use_custom_profile: u.useCustomProfile,
    custom_avatar_url: u.customAvatarUrl,
    effective_name: name,
    effective_avatar: avatar,
    photo_url: u.photoUrl,
    rating: rep.rating,
    trades_count: rep.completedTrades,
    timeZone: u.timeZone,
  };
}
