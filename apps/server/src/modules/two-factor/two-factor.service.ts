import type { MessageKey, TwoFactorStatus } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Executor, Tx } from '../../db/client.ts';
import type { UserTwoFactorRow } from '../../db/schema.ts';
import { AppError, assert } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { SecretBox } from '../../lib/secret-box.ts';
import { startSecurityHold } from '../limits/index.ts';
import { endStepUps, setStepUp, stepUpOf } from '../sessions/index.ts';
import {
  DEMO_TOTP_SECRET,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
  normalizeRecoveryCode,
  normalizeTotpCode,
  otpauthUri,
  RECOVERY_CODES,
  totpCodeAt,
} from './totp.ts';
import * as repo from './two-factor.repository.ts';

/** Wrong codes: 5 within 15 minutes lock code entry until the window ends (docs/decisions/035; every instance agrees). */
export const TWO_FACTOR_LIMITS = { maxFailures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** 429 for `ms` more milliseconds of locked code entry. */
const tooManyCodes = (ms: number) =>
  new AppError(
    'RATE_LIMITED',
    'security.tooManyCodes',
    { minutes: Math.ceil(ms / 60_000) },
    { retryAfterSeconds: Math.ceil(ms / 1000) },
  );

/** A wrong code. Counted against the user once the transaction it aborted rolled back. */
export class WrongSecondFactor extends AppError {}

/**
 * Money cannot leave an account whose owner has no second factor (docs/decisions/023). `key`
 * names what the user was doing (selling and withdrawing unless told).
 */
export const notEnrolled = (key: MessageKey = 'security.enrolToSell') =>
  new AppError('TWO_FACTOR_REQUIRED', key, undefined, { reason: 'not_enabled' });

/**
 * Two-factor authentication of users (docs/decisions/012-withdrawals.md, 023): set-up issues a
 * secret, enabling confirms it with a code and hands out recovery codes once. Money leaves an
 * account only with it: selling needs it on, every withdrawal and payment confirmation a code
 * (a confirmation may ride a session's step-up window). A time step is accepted once;
 * recovery codes once each.
 */
/**
 * A code to check: `ask` is the refusal when none came, `details` go with every refusal (the
 * client learns which step asked).
 */
export interface FreshCodeCheck {
  code: string | undefined;
  now: Date;
  ask: MessageKey;
  details?: Record<string, unknown>;
  /** The refusal when two-factor is off, naming the step (a swap); selling and withdrawing by default. */
  notEnabled?: MessageKey;
}

export class TwoFactorService {
  private readonly box: SecretBox;

  /** `subject`: users (profile, withdrawals) or staff members (back-office sign-in). */
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier'>,
    private readonly subject: 'user' | 'staff' = 'user',
  ) {
    this.box = new SecretBox(ctx.config.totpEncryptionKey);
  }

  /** `sessionId`: the caller's session, whose step-up window the answer tells. */
  async status(userId: string, sessionId: string | null = null): Promise<TwoFactorStatus> {
    const row = await repo.findTwoFactor(this.ctx.db, userId);
    const until = sessionId && row?.enabledAt ? await stepUpOf(this.ctx.db, sessionId) : null;
    return {
      enabled: Boolean(row?.enabledAt),
      pending: Boolean(row && !row.enabledAt),
      enabledAt: row?.enabledAt?.toISOString() ?? null,
      recoveryCodesLeft: row?.enabledAt ? await repo.recoveryCodesLeft(this.ctx.db, userId) : 0,
      stepUpUntil: until && until > this.ctx.clock.now() ? until.toISOString() : null,
      stepUpMinutes: Math.round(this.ctx.config.safety.stepUpMs / 60_000),
    };
  }

  /** Refuses a user who has not turned two-factor on (selling, withdrawing: 403 not_enabled). */
  async requireEnrolled(db: Executor, userId: string): Promise<void> {
    const row = await repo.findTwoFactor(db, userId);
    if (!row?.enabledAt) throw notEnrolled();
  }

  /**
   * Inside a money action's transaction: two-factor must be on and `code` a fresh TOTP code
   * (a time step after the last one accepted) or an unused recovery code; it is spent with
   * the transaction's commit. `ask` is the refusal when no code came. Run the transaction
   * inside `countingFailures` so wrong codes count towards the lock.
   */
  async requireFreshCode(tx: Tx, { userId, ...check }: FreshCodeCheck & { userId: string }): Promise<void> {
    const row = await repo.lockTwoFactor(tx, userId);
    if (!row?.enabledAt) throw notEnrolled(check.notEnabled);
    await this.spendFreshCode(tx, row, check);
  }

  /**
   * Like `requireFreshCode`, for a step that needs a code only when two-factor is on (linking
   * Telegram: docs/decisions/023); without two-factor it lets the step through. Never
   * satisfied by a step-up window.
   */
  async requireFreshCodeWhenOn(
    tx: Tx,
    { userId, ...check }: FreshCodeCheck & { userId: string },
  ): Promise<void> {
    const row = await repo.lockTwoFactor(tx, userId);
    if (!row?.enabledAt) return;
    await this.spendFreshCode(tx, row, check);
  }

  private async spendFreshCode(
    tx: Tx,
    row: UserTwoFactorRow,
    { code, now, ask, details = {} }: FreshCodeCheck,
  ): Promise<void> {
    if (!code?.trim()) {
      throw new AppError('TWO_FACTOR_REQUIRED', ask, undefined, { reason: 'missing', ...details });
    }
    this.ensureNotLocked(row, now);
    const verdict = await this.accept(tx, row, { code, now, recovery: true });
    if (verdict !== 'ok') throw this.wrong(verdict, 'TWO_FACTOR_REQUIRED', details);
  }

  /**
   * The step-up window: after a code passed in `tx`, the session needs no new code to
   * confirm payments until the returned time (STEP_UP_MINUTES). Never for withdrawals,
   * disabling two-factor, saving an address or linking Telegram: those ask every time.
   */
  async elevate(tx: Tx, sessionId: string, now: Date): Promise<Date> {
    const until = new Date(now.getTime() + this.ctx.config.safety.stepUpMs);
    await setStepUp(tx, sessionId, until);
    return until;
  }

  /** `POST /users/2fa/step-up`: a code elevates the caller's session without a money action. */
  async stepUp(userId: string, sessionId: string, code: string): Promise<{ stepUpUntil: string }> {
    return this.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          await this.requireFreshCode(tx, { userId, code, now, ask: 'security.codeToStepUp' });
          return { stepUpUntil: (await this.elevate(tx, sessionId, now)).toISOString() };
        }),
      code,
    );
  }

  /** A new secret for the authenticator app; replaces an unconfirmed one. */
  async setup(userId: string) {
    const label = await this.labelOf(userId);
    const secret = newTotpSecret();
    const saved = await repo.savePendingSecret(this.ctx.db, {
      userId,
      sealed: this.box.seal(secret, userId),
      now: this.ctx.clock.now(),
      subjectType: this.subject,
    });
    if (!saved) throw new AppError('CONFLICT', 'security.alreadyEnabled');
    return { secret, otpauthUri: otpauthUri(secret, label) };
  }

  /**
   * Two-factor on with a known secret at once, without the enrolment dialogue: demo data and
   * tests only (a secret that others know protects nothing). Returns `count` recovery codes.
   */
  async enrolKnownSecret(db: Executor, userId: string, secret: string, count = 0): Promise<string[]> {
    await repo.insertEnabledSecret(db, userId, this.box.seal(secret, userId), this.ctx.clock.now());
    return this.enrolRecoveryCodes(db, userId, count);
  }

  /** Adds `count` recovery codes to the ones a user has (tests: a code for every action). */
  async enrolRecoveryCodes(db: Executor, userId: string, count: number): Promise<string[]> {
    const codes = Array.from({ length: count }, newRecoveryCode);
    if (count > 0) {
      const hashes = codes.map((c) => this.box.hash(normalizeRecoveryCode(c), userId));
      await repo.addRecoveryCodes(db, userId, hashes, this.ctx.clock.now());
    }
    return codes;
  }

  /** The demo secret's current code, when `userId` enrolled with it (the dev sign-in's hint). */
  async demoCode(userId: string): Promise<string | null> {
    const row = await repo.findTwoFactor(this.ctx.db, userId);
    if (!row?.enabledAt) return null;
    if (this.box.open(row.secretEncrypted, userId) !== DEMO_TOTP_SECRET) return null;
    return totpCodeAt(DEMO_TOTP_SECRET, this.ctx.clock.now());
  }

  /** The account name the authenticator app shows. */
  private async labelOf(id: string): Promise<string> {
    const label = await repo.accountLabel(this.ctx.db, this.subject, id);
    assert(label !== null, `signed-in ${this.subject} ${id} has no row`);
    return label;
  }

  /**
   * Staff sign-in: nothing to do when two-factor is off; otherwise the code (or a recovery
   * code) must pass. Wrong codes count towards the lock like everywhere else.
   */
  async verifyForSignIn(staffId: string, code: string | undefined) {
    await this.countingFailures(
      staffId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          const row = await repo.lockTwoFactor(tx, staffId);
          if (!row?.enabledAt) return;
          if (!code?.trim()) {
            throw new AppError('TWO_FACTOR_REQUIRED', 'bo.twoFactorCode', undefined, { reason: 'missing' });
          }
          this.ensureNotLocked(row, now);
          const verdict = await this.accept(tx, row, { code, now, recovery: true });
          if (verdict !== 'ok') throw this.wrong(verdict, 'TWO_FACTOR_REQUIRED');
        }),
      code,
    );
  }

  /** Confirms the pending secret with a code; returns the recovery codes (shown this once). */
  enable(userId: string, code: string) {
    return this.securityChange(
      userId,
      { code, recovery: false, enrolled: false },
      async ({ tx, now, events }) => {
        await repo.updateTwoFactor(tx, userId, { enabledAt: now });
        const recoveryCodes = await this.replaceRecoveryCodes(tx, userId, now);
        // A new authenticator holds money-out, unless the account never held any (docs/decisions/033).
        if (this.subject === 'user') {
          events.toUsers([userId], 'security:event', { kind: 'two_factor_enabled', at: now.toISOString() });
          await startSecurityHold(this.ctx, tx, {
            userId,
            change: 'two_factor_enabled',
            firstEnrolment: true,
            events,
          });
        }
        return { enabled: true as const, recoveryCodes };
      },
    );
  }

  /**
   * New recovery codes in place of all the old ones (which stop working); needs a current
   * authenticator code, not a recovery code: whoever holds only a leaked recovery code must not
   * mint a fresh set. A security change: starts the hold like enabling (docs/decisions/033).
   */
  renewRecoveryCodes(userId: string, code: string) {
    return this.securityChange(
      userId,
      { code, recovery: false, enrolled: true },
      async ({ tx, now, events }) => {
        const recoveryCodes = await this.replaceRecoveryCodes(tx, userId, now);
        if (this.subject === 'user') {
          // The owner hears of it in the inbox and the bot, with «Это не я» (docs/decisions/033).
          events.toUsers([userId], 'security:event', {
            kind: 'recovery_codes_renewed',
            at: now.toISOString(),
          });
          await startSecurityHold(this.ctx, tx, { userId, change: 'recovery_codes_renewed', events });
        }
        return { recoveryCodes };
      },
    );
  }

  /** Turns two-factor off; needs a current code or a recovery code. */
  disable(userId: string, code: string) {
    return this.securityChange(
      userId,
      { code, recovery: true, enrolled: true },
      async ({ tx, now, events }) => {
        await repo.deleteTwoFactor(tx, userId);
        // No second factor, no window opened by one; the owner hears of it (docs/decisions/033).
        if (this.subject === 'user') {
          await endStepUps(tx, userId);
          events.toUsers([userId], 'security:event', { kind: 'two_factor_disabled', at: now.toISOString() });
        }
        return { enabled: false as const };
      },
    );
  }

  /**
   * A change of the second factor itself, judged by `code` (counted like every code): in one
   * transaction the user's two-factor row is locked and must be enrolled (`enrolled`) or only set
   * up; a locked entry and a wrong code are refused; then `change` runs. The events it tells are
   * written to the outbox in that transaction (docs/decisions/041) and published after it.
   */
  private async securityChange<T>(
    userId: string,
    { code, recovery, enrolled }: { code: string; recovery: boolean; enrolled: boolean },
    change: (c: { tx: Tx; now: Date; events: PendingEvents }) => Promise<T>,
  ): Promise<T> {
    const events = new PendingEvents();
    const done = await this.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const now = this.ctx.clock.now();
          const row = await repo.lockTwoFactor(tx, userId);
          if (enrolled && !row?.enabledAt) throw new AppError('CONFLICT', 'security.notEnabled');
          if (!row) throw new AppError('CONFLICT', 'security.setupFirst');
          if (!enrolled && row.enabledAt) throw new AppError('CONFLICT', 'security.alreadyEnabled');
          this.ensureNotLocked(row, now);
          const verdict = await this.accept(tx, row, { code, now, recovery });
          if (verdict !== 'ok') throw this.wrong(verdict);
          const result = await change({ tx, now, events });
          await events.writeTo(tx, now);
          return result;
        }),
      code,
    );
    events.publishTo(this.ctx.notifier);
    return done;
  }

  /** Ten fresh recovery codes in place of every old one; answered in clear this once. */
  private async replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    const hashes = codes.map((c) => this.box.hash(normalizeRecoveryCode(c), userId));
    await repo.replaceRecoveryCodes(tx, userId, hashes, now);
    return codes;
  }

  /**
   * Runs `work`; a wrong code it threw is recorded in a transaction of its own, then rethrown.
   * With the `code` the request carries, an attempt is taken first in one atomic UPDATE that
   * commits before the code is judged (docs/decisions/035): of any number of parallel wrong
   * codes at most `maxFailures` are judged, the rest answer 429 without being looked at. An
   * attempt that judged nothing (refused earlier, or a step-up window covered it) is given back.
   */
  async countingFailures<T>(userId: string, work: () => Promise<T>, code?: string | null): Promise<T> {
    const claimed = code?.trim() ? await this.claimAttempt(userId) : false;
    try {
      const result = await work();
      // A passing code reset the count already; one that was never judged gives its attempt back.
      if (claimed) await repo.releaseCodeAttempt(this.ctx.db, userId);
      return result;
    } catch (error) {
      if (error instanceof WrongSecondFactor) await this.recordFailure(userId, claimed);
      else if (claimed) await repo.releaseCodeAttempt(this.ctx.db, userId);
      throw error;
    }
  }

  /** Takes an attempt for a code about to be judged; 429 when none is left. */
  private async claimAttempt(userId: string): Promise<boolean> {
    const { maxFailures: max, windowMs } = TWO_FACTOR_LIMITS;
    const now = this.ctx.clock.now();
    const outcome = await repo.claimCodeAttempt(this.ctx.db, userId, { now, max, windowMs });
    if (outcome === 'none') return false;
    if (outcome === 'claimed') return true;
    const row = await repo.findTwoFactor(this.ctx.db, userId);
    const windowEnd = (row?.failuresSince?.getTime() ?? now.getTime()) + windowMs;
    const until = Math.max(row?.lockedUntil?.getTime() ?? 0, windowEnd, now.getTime() + 1000);
    throw tooManyCodes(until - now.getTime());
  }

  /**
   * The refusal of a judged code: a reused one says so («Этот код уже использован…»), any other
   * is «Неверный код». `details` (with the reason) go with the code-asking refusals.
   */
  private wrong(
    verdict: 'wrong' | 'used',
    code: 'VALIDATION_ERROR' | 'TWO_FACTOR_REQUIRED' = 'VALIDATION_ERROR',
    details?: Record<string, unknown>,
  ) {
    const key = verdict === 'used' ? 'security.codeUsed' : 'security.codeInvalid';
    const reason = verdict === 'used' ? 'used' : 'invalid';
    if (code === 'VALIDATION_ERROR' && !details) return new WrongSecondFactor(code, key);
    return new WrongSecondFactor(code, key, undefined, { reason, ...details });
  }

  private ensureNotLocked(row: UserTwoFactorRow, now: Date) {
    if (row.lockedUntil && row.lockedUntil > now)
      throw tooManyCodes(row.lockedUntil.getTime() - now.getTime());
  }

  /** A code of a time step after the last accepted one, or an unused recovery code. */
  private async accept(
    tx: Tx,
    row: UserTwoFactorRow,
    { code, now, recovery }: { code: string; now: Date; recovery: boolean },
  ): Promise<'ok' | 'wrong' | 'used'> {
    const reset = { failedAttempts: 0, failuresSince: null, lockedUntil: null, updatedAt: now };
    const totp = normalizeTotpCode(code);
    if (/^\d{6}$/.test(totp)) {
      const secret = this.box.open(row.secretEncrypted, row.userId);
      const step = await matchTotpStep(secret, totp, now);
      if (step === null) return 'wrong';
      // The right code of a step already spent: the owner's own, sent twice or seen over a shoulder.
      if (step <= row.lastUsedStep) return 'used';
      await repo.updateTwoFactor(tx, row.userId, { ...reset, lastUsedStep: step });
      return 'ok';
    }
    if (!recovery) return 'wrong';
    const hash = this.box.hash(normalizeRecoveryCode(code), row.userId);
    if (!(await repo.spendRecoveryCode(tx, row.userId, hash, now))) return 'wrong';
    await repo.updateTwoFactor(tx, row.userId, reset);
    // A recovery code stands in for a lost authenticator: a security hold (docs/decisions/033).
    if (this.subject === 'user')
      await startSecurityHold(this.ctx, tx, { userId: row.userId, change: 'recovery_code_used' });
    return 'ok';
  }

  /**
   * A judged wrong code. When its attempt was `claimed` the count is already right, and the
   * window's spent attempts are the lock itself (no request is judged until the window ends);
   * a lock set here would also refuse the attempts already taken and still being judged.
   */
  private async recordFailure(userId: string, claimed: boolean) {
    if (claimed) return;
    const { maxFailures, windowMs, lockMs } = TWO_FACTOR_LIMITS;
    await this.ctx.db.transaction(async (tx) => {
      const now = this.ctx.clock.now();
      const row = await repo.lockTwoFactor(tx, userId);
      if (!row) return;
      const fresh = !row.failuresSince || now.getTime() - row.failuresSince.getTime() >= windowMs;
      const failedAttempts = fresh ? 1 : row.failedAttempts + 1;
      await repo.updateTwoFactor(tx, userId, {
        failedAttempts,
        failuresSince: fresh ? now : row.failuresSince,
        lockedUntil: failedAttempts >= maxFailures ? new Date(now.getTime() + lockMs) : row.lockedUntil,
        updatedAt: now,
      });
    });
  }
}
