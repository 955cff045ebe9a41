import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type StaffRow, staff } from '../../db/schema.ts';

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
