import type { PublicProfile, UserView } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { reputationOf } from './reputation.ts';
import { effectiveAvatar, effectiveName, toUserView } from './user-view.ts';
import { findUserById, listOldestUsers, updateUser } from './users.repository.ts';

const ONLINE_MS = 5 * 60_000;
const AWAY_MS = 30 * 60_000;

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  async me(userId: string): Promise<UserView> {
    const user = await findUserById(this.ctx.db, userId);
    // A live session whose user vanished is a dead session.
    if (!user) throw new AppError('UNAUTHORIZED', 'Необходима авторизация');
    return toUserView(user);
  }

  async update(
    userId: string,
    patch: { displayName?: string | null | undefined; useCustomProfile?: boolean | undefined },
  ): Promise<UserView> {
    const set: { displayName?: string | null; useCustomProfile?: boolean } = {};
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.useCustomProfile !== undefined) set.useCustomProfile = patch.useCustomProfile;
    const row = await updateUser(this.ctx.db, userId, set, this.ctx.clock.now());
    if (!row) throw new AppError('UNAUTHORIZED', 'Необходима авторизация');
    return toUserView(row);
  }

  async publicProfile(userId: string): Promise<PublicProfile> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('Пользователь не найден');
    const rep = await reputationOf(this.ctx.db, userId);
    const now = this.ctx.clock.now().getTime();
    const seen = user.lastSeenAt?.getTime() ?? 0;
    return {
      user: {
        id: user.id,
        avatar: effectiveAvatar(user),
        first_name: user.firstName,
        last_name: user.lastName,
        display_name: user.displayName,
        effective_name: effectiveName(user),
        username: user.username,
        verified: user.verified,
        online_status: now - seen < ONLINE_MS ? 'online' : now - seen < AWAY_MS ? 'away' : 'offline',
        last_seen: user.lastSeenAt?.toISOString() ?? null,
        rating: rep.rating,
        reviews_count: rep.reviewsCount,
        total_trades: rep.completedTrades,
        completion_rate: rep.completionRate,
        avg_response_time: rep.avgReleaseSeconds,
        bio: user.bio,
        location: user.location,
        languages: user.languages,
        joined_date: user.createdAt.toISOString(),
        total_volume: rep.totalVolumeRub,
      },
      reviews: rep.reviews,
    };
  }

  /** Users offered by the development sign-in picker (oldest first: the demo cast). */
  async devPickerUsers(): Promise<{ username: string; effectiveName: string }[]> {
    const rows = await listOldestUsers(this.ctx.db, 12);
    return rows
      .filter((r) => r.username)
      .map((r) => ({ username: r.username as string, effectiveName: effectiveName(r) }));
  }
}
