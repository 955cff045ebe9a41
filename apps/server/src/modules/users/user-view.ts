import type { UserView } from '@p2p/shared';
import type { UserRow } from '../../db/schema.ts';

/** Name shown to others: the custom display name, else the Telegram name, else the username. */
export function effectiveName(
  u: Pick<UserRow, 'displayName' | 'firstName' | 'lastName' | 'username'>,
): string {
  if (u.displayName) return u.displayName;
  const full = [u.firstName, u.lastName].filter(Boolean).join(' ').trim();
  return full || u.username || 'Аноним';
}

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
