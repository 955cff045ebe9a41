import { AuthMessages, type AuthResult } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { userBlocked } from '../users/blocking.ts';
import { findUserByUsername, insertUser, upsertTelegramUser } from '../users/users.repository.ts';
import { userViewOf } from '../users/users.service.ts';
import {
  identityFromWebApp,
  identityFromWidget,
  type TelegramCheck,
  verifyLoginWidget,
  verifyWebAppInitData,
} from './telegram.ts';

function refuse(check: Exclude<TelegramCheck, { ok: true }>): never {
  switch (check.reason) {
    case 'missing_fields':
      throw new AppError('VALIDATION_ERROR', AuthMessages.missingFields);
    case 'stale':
      throw new AppError('UNAUTHORIZED', AuthMessages.stale);
    case 'future':
      throw new AppError('UNAUTHORIZED', AuthMessages.future);
    default:
      throw new AppError('UNAUTHORIZED', AuthMessages.badSignature);
  }
}

export class AuthService {
  constructor(private readonly ctx: AppContext) {}

  private botToken(): string {
    if (!this.ctx.config.telegram) throw new AppError('SERVICE_UNAVAILABLE', AuthMessages.notConfigured);
    return this.ctx.config.telegram.botToken;
  }

  async signInWithWidget(data: Record<string, string | number>): Promise<AuthResult> {
    if (data.id === undefined || data.first_name === undefined) {
      throw new AppError('VALIDATION_ERROR', AuthMessages.missingFields);
    }
    const check = verifyLoginWidget(data, this.botToken(), this.ctx.clock.now().getTime());
    if (!check.ok) refuse(check);
    const identity = identityFromWidget(check.fields);
    if (!identity) throw new AppError('VALIDATION_ERROR', AuthMessages.missingFields);
    return this.issue(await upsertTelegramUser(this.ctx.db, identity, this.ctx.clock.now()));
  }

  async signInWithWebApp(initData: string): Promise<AuthResult> {
    const check = verifyWebAppInitData(initData, this.botToken(), this.ctx.clock.now().getTime());
    if (!check.ok) refuse(check);
    const identity = identityFromWebApp(check.fields);
    if (!identity) throw new AppError('VALIDATION_ERROR', AuthMessages.missingFields);
    return this.issue(await upsertTelegramUser(this.ctx.db, identity, this.ctx.clock.now()));
  }

  /** Development sign-in: an existing user by username, or a new one with that username. */
  async signInDev(username: string): Promise<AuthResult> {
    const existing = await findUserByUsername(this.ctx.db, username);
    if (existing) return this.issue(existing);
    let user: UserRow;
    try {
      user = await insertUser(this.ctx.db, {
        username,
        firstName: username.charAt(0).toUpperCase() + username.slice(1),
        now: this.ctx.clock.now(),
      });
    } catch (error) {
      // A concurrent sign-in created the same username first (unique index): use that user.
      const raced = await findUserByUsername(this.ctx.db, username);
      if (!raced) throw error;
      user = raced;
    }
    return this.issue(user);
  }

  /** Every sign-in path ends here: a blocked user gets no session. */
  private async issue(user: UserRow): Promise<AuthResult> {
    if (user.blockedAt) throw userBlocked();
    const tokens = await this.ctx.sessions.start('user', user.id);
    return { user: await userViewOf(this.ctx.db, user), tokens };
  }
}
