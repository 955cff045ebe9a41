import { createHash } from 'node:crypto';
import { type AuthResult, canonicalTimeZone, type ReauthRequest, type ReauthResult } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { deviceOf, placeOf, type SignInOrigin } from '../../lib/sign-in-origin.ts';
import { everSignedIn, issueReauth } from '../sessions/index.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  type TelegramIdentity,
  updateUser,
  upsertTelegramUser,
  userBlocked,
  userViewOf,
} from '../users/index.ts';
import {
  identityFromWebApp,
  identityFromWidget,
  TELEGRAM_MAX_AGE_SECONDS,
  type TelegramCheck,
  verifyLoginWidget,
  verifyWebAppInitData,
} from './telegram.ts';
import { acceptSignInOnce } from './telegram-sign-ins.repository.ts';

function refuse(check: Exclude<TelegramCheck, { ok: true }>): never {
  switch (check.reason) {
    case 'missing_fields':
      throw new AppError('VALIDATION_ERROR', 'errors.telegramData');
    case 'stale':
      throw new AppError('UNAUTHORIZED', 'errors.telegramExpired');
    case 'future':
      throw new AppError('UNAUTHORIZED', 'errors.telegramTime');
    default:
      throw new AppError('UNAUTHORIZED', 'errors.telegramSignature');
  }
}

/** A re-authentication's Telegram sign-in counts for this long after its `auth_date` (docs/decisions/033). */
export const REAUTH_MAX_AGE_SECONDS = 5 * 60;

/**
 * A re-authentication whose Telegram data does not hold: 403, never 401 (the session itself
 * is fine, and a 401 would send the client to refresh it), with the sign-in's own key.
 */
function refuseReauth(check: Exclude<TelegramCheck, { ok: true }>): never {
  const keys = {
    missing_fields: 'errors.telegramData',
    stale: 'errors.telegramExpired',
    future: 'errors.telegramTime',
  } as const;
  const key = check.reason in keys ? keys[check.reason as keyof typeof keys] : 'errors.telegramSignature';
  throw new AppError('REAUTH_REQUIRED', key, undefined, { reason: check.reason });
}

/**
 * A failure inside a Telegram sign-in, told without the original error: a database error
 * quotes the row it refused (the user's names), and errors are logged (docs/decisions/023).
 */
export class TelegramSignInFailed extends Error {
  constructor(readonly sqlState: string | null) {
    super(`Telegram sign-in failed${sqlState ? ` (SQLSTATE ${sqlState})` : ''}`);
    this.name = 'TelegramSignInFailed';
  }
}

function scrubbed(error: unknown): Error {
  if (error instanceof AppError) return error;
  const codeOf = (e: unknown) => {
    const code = (e as { code?: unknown } | null)?.code;
    return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : null;
  };
  return new TelegramSignInFailed(codeOf((error as { cause?: unknown } | null)?.cause) ?? codeOf(error));
}

/**
 * The browser's zone sent with a sign-in (the `X-Time-Zone` header, docs/decisions/030) in its
 * canonical spelling; undefined when none was sent. An unknown zone refuses the sign-in with a
 * 400 before anything is written.
 */
export function signInTimeZone(header: unknown): string | undefined {
  if (header === undefined || header === '') return undefined;
  const zone = typeof header === 'string' ? canonicalTimeZone(header) : null;
  if (!zone) throw new AppError('VALIDATION_ERROR', 'validation.timeZone');
  return zone;
}

/** A Telegram payload's replay key: its hash, in lower case (a re-cased hash is the same payload). */
function payloadDigest(fields: Record<string, string>): string {
  return createHash('sha256')
    .update((fields.hash ?? '').toLowerCase())
    .digest('hex');
}

/** When a payload's replay record may go: it would be stale by then anyway. */
function payloadExpiry(fields: Record<string, string>): Date {
  return new Date((Number(fields.auth_date) + TELEGRAM_MAX_AGE_SECONDS + 1) * 1000);
}

export class AuthService {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock' | 'sessions' | 'notifier'>) {}

  private botToken(): string {
    if (!this.ctx.config.telegram) throw new AppError('SERVICE_UNAVAILABLE', 'errors.telegramNotConfigured');
    return this.ctx.config.telegram.botToken;
  }

  /**
   * `origin` (each sign-in): the browser's zone, already validated (docs/decisions/030), and the
   * device and IP the owner's security notice names (docs/decisions/033).
   */
  async signInWithWidget(
    data: Record<string, string | number>,
    origin: SignInOrigin = {},
  ): Promise<AuthResult> {
    if (data.id === undefined || data.first_name === undefined) {
      throw new AppError('VALIDATION_ERROR', 'errors.telegramData');
    }
    const check = verifyLoginWidget(data, this.botToken(), this.ctx.clock.now().getTime());
    if (!check.ok) refuse(check);
    const identity = identityFromWidget(check.fields);
    if (!identity) throw new AppError('VALIDATION_ERROR', 'errors.telegramData');
    return this.signInOnce(check.fields, identity, origin);
  }

  async signInWithWebApp(initData: string, origin: SignInOrigin = {}): Promise<AuthResult> {
    const check = verifyWebAppInitData(initData, this.botToken(), this.ctx.clock.now().getTime());
    if (!check.ok) refuse(check);
    const identity = identityFromWebApp(check.fields);
    if (!identity) throw new AppError('VALIDATION_ERROR', 'errors.telegramData');
    return this.signInOnce(check.fields, identity, origin);
  }

  /**
   * A verified payload signs in once (docs/decisions/023): its hash is recorded before the
   * session starts, and a payload recorded before is refused. Kept until the payload would be
   * stale anyway (auth_date + TELEGRAM_MAX_AGE_SECONDS). Hex is compared in lower case, as the
   * signature check does, so a re-cased hash is the same payload.
   */
  private async signInOnce(
    fields: Record<string, string>,
    identity: TelegramIdentity,
    origin: SignInOrigin,
  ): Promise<AuthResult> {
    const now = this.ctx.clock.now();
    try {
      if (!(await acceptSignInOnce(this.ctx.db, payloadDigest(fields), payloadExpiry(fields), now))) {
        throw new AppError('UNAUTHORIZED', 'botSafety.signInReplayed');
      }
      return await this.issue(await upsertTelegramUser(this.ctx.db, identity, now), origin);
    } catch (error) {
      throw scrubbed(error);
    }
  }

  /**
   * `POST /auth/reauth` (docs/decisions/033): a fresh Telegram sign-in (at most
   * REAUTH_MAX_AGE_SECONDS old) of the account's own Telegram id proves the session's holder
   * is its owner; the answer is a proof for this session alone. The payload is spent as a
   * sign-in is (its hash recorded once), so it can neither re-authenticate twice nor sign in
   * afterwards. An account made by the development sign-in (no Telegram id) confirms with
   * `{ dev: true }` while that sign-in is on; a Telegram account never can.
   */
  async reauthenticate(userId: string, sessionId: string, request: ReauthRequest): Promise<ReauthResult> {
    const user = await findUserById(this.ctx.db, userId);
    if (!user || user.blockedAt) throw userBlocked();
    const now = this.ctx.clock.now();
    if ('dev' in request) {
      if (!this.ctx.config.devLogin) throw new AppError('NOT_FOUND', 'errors.routeNotFound');
      if (user.telegramId !== null) throw new AppError('FORBIDDEN', 'security.reauthTelegramOnly');
      return issueReauth(this.ctx.db, { sessionId, userId, now });
    }
    const nowMs = now.getTime();
    const check =
      'telegram' in request
        ? verifyLoginWidget(request.telegram, this.botToken(), nowMs)
        : verifyWebAppInitData(request.initData, this.botToken(), nowMs);
    if (!check.ok) refuseReauth(check);
    if (nowMs / 1000 - Number(check.fields.auth_date) > REAUTH_MAX_AGE_SECONDS) {
      refuseReauth({ ok: false, reason: 'stale' });
    }
    const identity =
      'telegram' in request ? identityFromWidget(check.fields) : identityFromWebApp(check.fields);
    if (!identity) throw new AppError('VALIDATION_ERROR', 'errors.telegramData');
    if (user.telegramId === null || String(user.telegramId) !== identity.id) {
      throw new AppError('FORBIDDEN', 'security.reauthWrongAccount');
    }
    if (
      !(await acceptSignInOnce(this.ctx.db, payloadDigest(check.fields), payloadExpiry(check.fields), now))
    ) {
      throw new AppError('REAUTH_REQUIRED', 'botSafety.signInReplayed', undefined, { reason: 'replayed' });
    }
    return issueReauth(this.ctx.db, { sessionId, userId, now });
  }

  /** Development sign-in: an existing user by username, or a new one with that username. */
  async signInDev(username: string, origin: SignInOrigin = {}): Promise<AuthResult> {
    const existing = await findUserByUsername(this.ctx.db, username);
    if (existing) return this.issue(existing, origin);
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
    return this.issue(user, origin);
  }

  /**
   * Every sign-in path ends here: a blocked user gets no session. The browser's zone, when it
   * sent one, becomes the user's (docs/decisions/030). The owner hears of the new session, with
   * its device and rough place (docs/decisions/033, "Security events").
   */
  private async issue(found: UserRow, { timeZone, userAgent, ip }: SignInOrigin): Promise<AuthResult> {
    if (found.blockedAt) throw userBlocked();
    const user =
      timeZone && timeZone !== found.timeZone
        ? ((await updateUser(this.ctx.db, found.id, { timeZone }, this.ctx.clock.now())) ?? found)
        : found;
    // The first session is the account's making, not news to its owner.
    const before = await everSignedIn(this.ctx.db, 'user', user.id);
    const tokens = await this.ctx.sessions.start('user', user.id);
    if (before) await this.announceSignIn(user.id, { userAgent, ip });
    return { user: await userViewOf(this.ctx.db, user, this.ctx.clock.now()), tokens };
  }

  /**
   * A new session reaches its owner with the device and a rough place (docs/decisions/033),
   * through the outbox (docs/decisions/041): once its row is written, a crash no longer loses it.
   */
  private async announceSignIn(userId: string, { userAgent, ip }: SignInOrigin): Promise<void> {
    const place = placeOf(ip);
    const device = deviceOf(userAgent);
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    events.toUsers([userId], 'security:event', {
      kind: 'sign_in',
      at: now.toISOString(),
      ...(device ? { device } : {}),
      ...(place ? { place: 'local' in place ? 'local' : place.masked } : {}),
    });
    await events.writeTo(this.ctx.db, now);
    events.publishTo(this.ctx.notifier);
  }
}
