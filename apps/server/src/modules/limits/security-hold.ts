import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { PendingEvents } from '../../events/notifier.ts';
import {
  everHeldBalance,
  extendSecurityHold,
  type SecurityHoldRow,
  securityHoldOf,
} from './security-hold.repository.ts';
import { limitTime } from './trade-limits.ts';

/** What started a hold (docs/decisions/033). */
export type SecurityChange =
  | 'two_factor_enabled'
  | 'recovery_code_used'
  | 'recovery_codes_renewed'
  | 'address_saved'
  | 'api_key_created'
  | 'telegram_relinked'
  | 'not_me';

const live = (row: SecurityHoldRow | null, now: Date): row is SecurityHoldRow =>
  !!row && (row.untilCleared || row.until > now);

/**
 * Starts (or extends) the security hold of `userId` in the caller's transaction
 * (docs/decisions/033): for SECURITY_HOLD_HOURS no money leaves the account. `firstEnrolment`:
 * an account that never held a balance enrols without a hold (nothing to protect yet). `events`:
 * the caller's pending events, told `hold_started` for the owner's inbox and bot. Returns the
 * hold's end, or null when none started.
 */
export async function startSecurityHold(
  ctx: Needs<'config' | 'clock'>,
  db: Executor,
  {
    userId,
    change,
    firstEnrolment = false,
    events,
  }: { userId: string; change: SecurityChange; firstEnrolment?: boolean; events?: PendingEvents },
): Promise<Date | null> {
  const holdMs = ctx.config.safety.securityHoldMs;
  if (holdMs <= 0 && change !== 'not_me') return null;
  if (firstEnrolment && !(await everHeldBalance(db, userId))) return null;
  const now = ctx.clock.now();
  const until = await extendSecurityHold(db, {
    userId,
    until: new Date(now.getTime() + holdMs),
    reason: change,
    now,
    untilCleared: change === 'not_me',
  });
  events?.toUsers([userId], 'security:event', {
    kind: 'hold_started',
    at: now.toISOString(),
    until: until.toISOString(),
  });
  return until;
}

/**
 * The one check of every way money leaves an account (withdrawal, internal transfer, swap,
 * publishing a sell order, selling into a buy order, confirming receipt): refused with 403
 * SECURITY_HOLD while a hold lasts, `details.until` the instant it lifts (docs/decisions/033).
 */
export async function requireNoSecurityHold(
  ctx: Needs<'clock'>,
  db: Executor,
  userId: string,
): Promise<void> {
  refuseUnderHold(await securityHoldOf(db, userId), ctx.clock.now());
}

/**
 * The same check with the hold already read (`securityHoldSql`, in the statement that locked
 * what the money leaves from): throws 403 SECURITY_HOLD while `row` lasts at `now`.
 */
export function refuseUnderHold(row: SecurityHoldRow | null, now: Date): void {
  if (!live(row, now)) return;
  if (row.untilCleared) {
    throw new AppError('SECURITY_HOLD', 'security.holdUntilCleared', undefined, {
      until: null,
      untilCleared: true,
    });
  }
  throw new AppError(
    'SECURITY_HOLD',
    'security.hold',
    { until: limitTime(row.until, row.timeZone) },
    { until: row.until.toISOString(), untilCleared: false },
  );
}

/** The hold the wallet and trade pages show: its end, or nothing. */
export async function securityHoldView(
  ctx: Needs<'db' | 'clock'>,
  userId: string,
): Promise<{ until: string | null; untilCleared: boolean; active: boolean }> {
  const row = await securityHoldOf(ctx.db, userId);
  if (!live(row, ctx.clock.now())) return { active: false, until: null, untilCleared: false };
  return {
    active: true,
    until: row.untilCleared ? null : row.until.toISOString(),
    untilCleared: row.untilCleared,
  };
}
