import type { UserRow } from '../../db/schema.ts';

/** Seen within this long: online; within AWAY_MS: away; otherwise offline. */
export const ONLINE_MS = 5 * 60_000;
export const AWAY_MS = 30 * 60_000;

export type OnlineStatus = 'online' | 'away' | 'offline';

/** Online status from the last time the user's session was used. */
export function onlineStatusOf(user: Pick<UserRow, 'lastSeenAt'>, now: Date): OnlineStatus {
  const seen = user.lastSeenAt?.getTime();
  if (seen === undefined) return 'offline';
  const ago = now.getTime() - seen;
  return ago < ONLINE_MS ? 'online' : ago < AWAY_MS ? 'away' : 'offline';
}
