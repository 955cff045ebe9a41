import { createHmac } from 'node:crypto';
import { type AdminView, StaffRole, text } from '@p2p/shared';
import { z } from 'zod';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { StaffRow } from '../../db/schema.ts';
import { AppError, SchemaRefusal, unauthorized } from '../../errors.ts';
import { findTwoFactor, type TwoFactorService } from '../two-factor/index.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  claimAttempt,
  forgetAttempts,
  pruneAttempts,
  type SignInLimits,
} from './sign-in-attempts.repository.ts';
import { findStaffByEmail, findStaffById, insertStaff } from './staff.repository.ts';

/** Rules for a new staff account (operator input of `npm run staff:create`, which prints them in English). */
export const NewStaffInput = z.object({
  email: text({
    min: 3,
    max: 254,
    messages: { required: 'validation.staff.email', tooLong: 'validation.staff.emailTooLong' },
  })
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+$/, 'validation.staff.emailFormat'),
  password: text({
    min: 8,
    max: 256,
    trim: false,
    messages: {
      required: 'validation.staff.password',
      tooShort: 'bo.staffPasswordShort',
      tooLong: 'validation.staff.passwordTooLong',
    },
  }),
  role: z.enum(StaffRole.options, { error: 'validation.staff.role' }),
  firstName: text({ max: 128, messages: { tooLong: 'validation.staff.nameTooLong' } }).default(''),
  lastName: text({ max: 128, messages: { tooLong: 'validation.staff.nameTooLong' } }).default(''),
});
export type NewStaffInput = z.input<typeof NewStaffInput>;

/**
 * Creates a staff account with an argon2id password hash. Refuses bad input
 * (VALIDATION_ERROR) and an email already taken, in any letter case (CONFLICT).
 */
export async function createStaff(db: Executor, input: NewStaffInput, now: Date): Promise<AdminView> {
  const parsed = NewStaffInput.safeParse(input);
  if (!parsed.success) throw new SchemaRefusal(parsed.error.issues[0], 'errors.badRequestData');
  const { password, ...rest } = parsed.data;
  const taken = () => new AppError('CONFLICT', 'bo.staffEmailTaken');
  if (await findStaffByEmail(db, rest.email)) throw taken();
  const row = await insertStaff(db, { ...rest, passwordHash: await hashPassword(password), createdAt: now });
  if (!row) throw taken();
  return toAdminView(row);
}

export function toAdminView(row: StaffRow, twoFactorEnabled = false, production = false): AdminView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    twoFactorEnabled,
    twoFactorRequired: twoFactorRequiredFor(row.role, production),
  };
}

/**
 * Every staff member must use two-factor in production, moderators too: a moderator settles
 * disputes, which moves escrow (docs/decisions/016-back-office.md, 023-trust-and-safety.md).
 */
export function twoFactorRequiredFor(_role: StaffRow['role'], production: boolean): boolean {
  return production;
}

/**
 * Wrong passwords per account (docs/decisions/023): 5 within 15 minutes lock that address's
 * password sign-in for 15 minutes, on every instance, on top of the per-IP limit.
 */
export const SIGN_IN_LIMITS: SignInLimits = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** 429 with when to try again; the same for every address (docs/decisions/023). */
function signInLocked(until: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    'staffSafety.signInLocked',
    { minutes: Math.ceil(seconds / 60) },
    { retryAfterSeconds: seconds, retryAt: until.toISOString() },
  );
}

async function twoFactorEnabled(db: Executor, staffId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(db, staffId))?.enabledAt);
}

/** Back-office sign-in: staff sessions with their own token audience ('staff'). */
export class StaffAuthService {
  /** `twoFactor`: the staff members' own ('staff' subject). */
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'sessions'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  private get production() {
    return this.ctx.config.env === 'production';
  }

  /**
   * Email and password, then the authenticator code when the account has two-factor on
   * (403 TWO_FACTOR_REQUIRED without it or with a wrong one). A staff member without two-factor
   * in production gets an enrolment-only session (`enrolmentRequired`).
   */
  async login(email: string, password: string, code?: string) {
    const db = this.ctx.db;
    const now = this.ctx.clock.now();
    const row = await findStaffByEmail(db, email);
    // Counted before the password is checked: parallel guesses cannot slip past the limit,
    // and a locked account is refused even with the right password. An address without an
    // account is counted and locked alike, so the answers never tell whether it exists.
    const key = this.attemptsKey(row, email);
    const lockedUntil = await claimAttempt(db, key, now, SIGN_IN_LIMITS);
    if (lockedUntil) throw signInLocked(lockedUntil, now);
    // Unknown email, wrong password and disabled account answer alike, in similar time.
    const ok = await verifyPassword(row?.passwordHash ?? null, password);
    if (!row || !ok || row.disabledAt) {
      await pruneAttempts(db, now, SIGN_IN_LIMITS);
      throw new AppError('UNAUTHORIZED', 'errors.staffLogin');
    }
    await forgetAttempts(db, key);
    await this.twoFactor.verifyForSignIn(row.id, code);
    const enabled = await twoFactorEnabled(this.ctx.db, row.id);
    const admin = toAdminView(row, enabled, this.production);
    const tokens = await this.ctx.sessions.start('staff', row.id);
    return {
      admin,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      enrolmentRequired: admin.twoFactorRequired && !enabled,
    };
  }

  /**
   * The attempts row: the account's, however its address was spelt, else the typed address's.
   * An HMAC either way, so the table tells neither which rows are accounts nor what was typed.
   */
  private attemptsKey(row: StaffRow | null, email: string): string {
    const subject = row ? `staff:${row.id}` : `email:${email.toLowerCase()}`;
    return createHmac('sha256', this.ctx.config.jwtSecret)
      .update(`staff-sign-in:${subject}`)
      .digest('base64url');
  }

  /** Rotates the refresh token; a disabled account loses its session here too. */
  async refresh(refreshToken: string) {
    const { subjectId, tokens } = await this.ctx.sessions.refresh('staff', refreshToken);
    const row = await findStaffById(this.ctx.db, subjectId);
    if (!row || row.disabledAt) {
      const sessionId = await this.ctx.sessions.sessionOfRefreshToken(tokens.refreshToken);
      if (sessionId) await this.ctx.sessions.revoke(sessionId, 'staff_disabled');
      throw unauthorized('errors.sessionExpired');
    }
    return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken };
  }

  /** Ends the bearer's staff session and, if given, the session of a refresh token. */
  async logout(bearerSessionId: string | null, refreshToken: string | undefined): Promise<void> {
    if (bearerSessionId) await this.ctx.sessions.revoke(bearerSessionId, 'logout');
    if (refreshToken) {
      const sessionId = await this.ctx.sessions.sessionOfRefreshToken(refreshToken);
      if (sessionId) await this.ctx.sessions.revoke(sessionId, 'logout');
    }
  }

  /** The signed-in staff member; a disabled or vanished account is signed out (401). */
  async active(staffId: string): Promise<AdminView> {
    const row = await findStaffById(this.ctx.db, staffId);
    if (!row || row.disabledAt) throw unauthorized();
    return toAdminView(row, await twoFactorEnabled(this.ctx.db, staffId), this.production);
  }
}
