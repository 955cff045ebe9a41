import { canonicalTimeZone, type PublicProfile, type UserView } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { settingsOf } from '../settings/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { onlineStatusOf } from './presence.ts';
import { reputationOf, reputationSummaries } from './reputation.ts';
import { effectiveAvatar, effectiveName, toUserView } from './user-view.ts';
import { findUserById, listOldestUsers, updateUser } from './users.repository.ts';

export class UsersService {
  constructor(
    private readonly ctx: Needs<'db' | 'clock'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async me(userId: string): Promise<UserView> {
    const user = await findUserById(this.ctx.db, userId);
    // A live session whose user vanished is a dead session.
    if (!user) throw new AppError('UNAUTHORIZED', 'errors.unauthorized');
    return this.view(user);
  }

  async update(
    userId: string,
    patch: { displayName?: string | null | undefined; useCustomProfile?: boolean | undefined },
  ): Promise<UserView> {
    const set: { displayName?: string | null; useCustomProfile?: boolean } = {};
    if (patch.displayName !== undefined) set.displayName = patch.displayName;
    if (patch.useCustomProfile !== undefined) set.useCustomProfile = patch.useCustomProfile;
    const row = await updateUser(this.ctx.db, userId, set, this.ctx.clock.now());
    if (!row) throw new AppError('UNAUTHORIZED', 'errors.unauthorized');
    return this.view(row);
  }

  /**
   * Sets the zone the bot writes the user's times in (docs/decisions/030), in its canonical
   * spelling; an unknown zone is a 400 and nothing is written.
   */
  async setTimeZone(userId: string, zone: string): Promise<UserView> {
    const timeZone = canonicalTimeZone(zone);
    if (!timeZone) throw new AppError('VALIDATION_ERROR', 'validation.timeZone');
    const row = await updateUser(this.ctx.db, userId, { timeZone }, this.ctx.clock.now());
    if (!row) throw new AppError('UNAUTHORIZED', 'errors.unauthorized');
    return this.view(row);
  }

  /** The user's own record with their computed rating and completed trades. */
  async view(user: UserRow): Promise<UserView> {
    return userViewOf(this.ctx.db, user, this.ctx.clock.now());
  }

  async publicProfile(userId: string): Promise<PublicProfile> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw notFound('errors.userNotFound');
    const [rep, privacy] = await Promise.all([
      reputationOf(this.ctx.db, userId, this.ctx.clock.now()),
      settingsOf(this.ctx.db, userId),
    ]);
    // The owner's privacy settings: presence and figures are withheld, not faked.
    const stats = privacy.showStats;
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
        online_status: privacy.showOnline ? onlineStatusOf(user, this.ctx.clock.now()) : null,
        last_seen: privacy.showOnline ? (user.lastSeenAt?.toISOString() ?? null) : null,
        rating: stats ? rep.rating : null,
        reviews_count: stats ? rep.reviewsCount : 0,
        total_trades: stats ? rep.completedTrades : 0,
        completion_rate: stats ? rep.completionRate : null,
        avg_response_time: stats ? rep.avgResponseSeconds : null,
        bio: user.bio,
        location: user.location,
        languages: user.languages,
        joined_date: user.createdAt.toISOString(),
        total_volume: stats ? rep.totalVolumeRub : null,
        completed_trades: stats ? rep.completedTrades : null,
        avg_release_time: stats ? rep.avgReleaseSeconds : null,
        trades_30d: stats ? rep.trades30d : null,
        avg_payment_time: stats ? rep.avgPaymentSeconds : null,
        stats_visible: stats,
        allow_messages: privacy.allowMessages,
      },
      reviews: stats ? rep.reviews : [],
    };
  }

  /** Users offered by the development sign-in picker (oldest first: the demo cast). */
  /** The development sign-in's picker: demo users show their authenticator's current code. */
  async devPickerUsers(): Promise<{ username: string; effectiveName: string; totpCode: string | null }[]> {
    const rows = (await listOldestUsers(this.ctx.db, 12)).filter((r) => r.username);
    return Promise.all(
      rows.map(async (r) => ({
        username: r.username as string,
        effectiveName: effectiveName(r),
        totpCode: await this.twoFactor.demoCode(r.id),
      })),
    );
  }
}

/** `toUserView` with the reputation read from `db`. */
export async function userViewOf(db: Executor, user: UserRow, now: Date): Promise<UserView> {
  const rep = (await reputationSummaries(db, [user.id], now)).get(user.id);
  return toUserView(user, rep ?? { rating: null, completedTrades: 0 });
}
