import type { StaffRef } from '@p2p/shared';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type StaffRow, staff } from '../../db/schema.ts';

/**
 * Staff members as the console names them where they acted: a case's owner, a proposal's
 * proposer and decider, the author of a limit change.
 */
export function toStaffRef(
  row: Pick<StaffRow, 'id' | 'firstName' | 'lastName' | 'email' | 'role'>,
): StaffRef {
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email, role: row.role };
}

export async function staffRefs(db: Executor, ids: string[]): Promise<Map<string, StaffRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(staff)
    .where(inArray(staff.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, toStaffRef(r)]));
}
