import { effectiveName, type UserView } from '@p2p/shared';
import type { UserRow } from '../../db/schema.ts';

/** Name shown to others: one rule with the web app (packages/shared display-name.ts). */
export { effectiveName };

export function effectiveAvatar(u: Pick<UserRow, 'useCustomProfile' | 'customAvatarUrl' | 'photoUrl'>) {
  return (u.useCustomProfile && u.customAvatarUrl) || u.photoUrl || u.customAvatarUrl || null;
}

export function toUserView(u: UserRow): UserView {
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
    effectiveName: effectiveName(u),
    effectiveAvatar: effectiveAvatar(u),
    verified: u.verified,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
