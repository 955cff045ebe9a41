import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import {
  staff,
  twoFactorRecoveryCodes,
  type UserTwoFactorRow,
  users,
  userTwoFactor,
} from '../../db/schema.ts';

export async function findTwoFactor(db: Executor, userId: string): Promise<UserTwoFactorRow | null> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row ?? null;
}

/**
 * The row locked until commit: two requests checking codes of one user run one after the
 * other, so one code (one time step) can never pass twice.
 */
export async function lockTwoFactor(tx: Tx, userId: string): Promise<UserTwoFactorRow | null> {
  const [row] = await tx.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)).for('update');
  return row ?? null;
}

/** A fresh secret awaiting its first code; replaces an unconfirmed one, never an enabled one. */
export async function savePendingSecret(
  db: Executor,
  {
    userId,
    sealed,
    now,
    subjectType = 'user',
  }: { userId: string; sealed: string; now: Date; subjectType?: 'user' | 'staff' },
) {
  const rows = await db
    .insert(userTwoFactor)
    .values({ userId, subjectType, secretEncrypted: sealed, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secretEncrypted: sealed, lastUsedStep: -1, updatedAt: now },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ userId: userTwoFactor.userId });
  return rows.length === 1;
}

export async function updateTwoFactor(tx: Tx, userId: string, patch: Partial<UserTwoFactorRow>) {
  await tx.update(userTwoFactor).set(patch).where(eq(userTwoFactor.userId, userId));
}

export async function deleteTwoFactor(tx: Tx, userId: string) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
}

export async function replaceRecoveryCodes(tx: Tx, userId: string, hashes: string[], now: Date) {
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx
    .insert(twoFactorRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/** Spends an unused recovery code; false when there is no such unused code. */
export async function spendRecoveryCode(tx: Tx, userId: string, codeHash: string, now: Date) {
  const rows = await tx
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function recoveryCodesLeft(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Two-factor on at once with a sealed known secret (demo data and tests). */
export async function insertEnabledSecret(db: Executor, userId: string, sealed: string, now: Date) {
  await db.insert(userTwoFactor).values({
    userId,
    subjectType: 'user',
    secretEncrypted: sealed,
    enabledAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

export async function addRecoveryCodes(db: Executor, userId: string, hashes: string[], now: Date) {
  await db
    .insert(twoFactorRecoveryCodes)
    .values(hashes.map((codeHash) => ({ userId, codeHash, createdAt: now })));
}

/**
 * The account name an authenticator app shows for this subject: a staff member's email, a
 * user's username (else first name). Null when there is no such account.
 */
export async function accountLabel(
  db: Executor,
  subject: 'user' | 'staff',
  id: string,
): Promise<string | null> {
  if (subject === 'staff') {
    const [row] = await db.select({ email: staff.email }).from(staff).where(eq(staff.id, id));
    return row?.email ?? null;
  }
  const [row] = await db
    .select({ username: users.username, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, id));
  return row ? (row.username ?? row.firstName) : null;
}

/**
 * Takes one of the `max` code attempts a window allows, in one atomic UPDATE that commits before
 * the code is judged (docs/decisions/035): parallel requests each take a numbered slot, and once
 * `max` are taken inside the window (or the entry is locked) no further request is judged.
 * 'none': the subject has no two-factor row (nothing to count); 'limited': no slot is left.
 */
export async function claimCodeAttempt(
  db: Executor,
  userId: string,
  { now, max, windowMs }: { now: Date; max: number; windowMs: number },
): Promise<'claimed' | 'limited' | 'none'> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const fresh = sql`(${userTwoFactor.failuresSince} is null or ${userTwoFactor.failuresSince} <= ${windowStart})`;
  const rows = await db
    .update(userTwoFactor)
    .set({
      failedAttempts: sql`case when ${fresh} then 1 else ${userTwoFactor.failedAttempts} + 1 end`,
      failuresSince: sql`case when ${fresh} then ${at} else ${userTwoFactor.failuresSince} end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        sql`(${userTwoFactor.lockedUntil} is null or ${userTwoFactor.lockedUntil} <= ${at})`,
        sql`(${fresh} or ${userTwoFactor.failedAttempts} < ${max})`,
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  if (rows.length === 1) return 'claimed';
  return (await findTwoFactor(db, userId)) ? 'limited' : 'none';
}

/** Gives back an attempt that judged no code (the action failed before or needed none). */
export async function releaseCodeAttempt(db: Executor, userId: string) {
  await db
    .update(userTwoFactor)
    .set({ failedAttempts: sql`greatest(${userTwoFactor.failedAttempts} - 1, 0)` })
    .where(eq(userTwoFactor.userId, userId));
}
