import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { authSessions, type StaffRow, staff, userTwoFactor } from '../../db/schema.ts';

export async function findStaffByEmail(db: Executor, email: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(sql`lower(${staff.email}) = lower(${email})`);
  return row ?? null;
}

export async function findStaffById(db: Executor, id: string): Promise<StaffRow | null> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row ?? null;
}

/** Inserts a staff member; null when the email (case-insensitive) is taken. */
export async function insertStaff(
  db: Executor,
  values: Pick<StaffRow, 'email' | 'passwordHash' | 'role' | 'firstName' | 'lastName' | 'createdAt'>,
): Promise<StaffRow | null> {
  const [row] = await db.insert(staff).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Every staff member, oldest first, with when their second factor was enabled (null: never). */
export async function listStaffWithTwoFactor(db: Executor) {
  return db
    .select({ member: staff, enabledAt: userTwoFactor.enabledAt })
    .from(staff)
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, staff.id))
    .orderBy(asc(staff.createdAt), asc(staff.id));
}

export async function lockStaff(tx: Tx, id: string): Promise<StaffRow | null> {
  const [row] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  return row ?? null;
}

export async function updateStaff(tx: Tx, id: string, patch: Partial<StaffRow>): Promise<StaffRow | null> {
  const [row] = await tx.update(staff).set(patch).where(eq(staff.id, id)).returning();
  return row ?? null;
}

/** Ends every live session of a staff member (access and refresh tokens stop working at once). */
export async function revokeStaffSessions(tx: Tx, staffId: string, reason: string, now: Date): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(authSessions.subjectType, 'staff'),
        eq(authSessions.subjectId, staffId),
        isNull(authSessions.revokedAt),
      ),
    );
}
