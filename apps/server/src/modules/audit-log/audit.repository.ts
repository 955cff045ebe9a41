import { and, desc, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLogs, staff } from '../../db/schema.ts';

export type JsonObject = Record<string, unknown>;

/** Who acts and from where: recorded in the audit log. */
export interface StaffActor {
  staffId: string;
  ipAddress: string | null;
  userAgent: string | null;
  idempotencyKey?: string | undefined;
}

export interface NewAuditEntry {
  staffId: string;
  action: string;
  entityType: string;
  entityId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  note: string | null;
  beforeState: JsonObject | null;
  afterState: JsonObject | null;
  metadata: JsonObject | null;
  createdAt: Date;
}

/** Appends one entry to the audit log (in the caller's transaction). */
export async function insertAuditEntry(db: Executor, entry: NewAuditEntry): Promise<string> {
  const [row] = await db.insert(auditLogs).values(entry).returning({ id: auditLogs.id });
  if (!row) throw new Error('audit log insert returned nothing');
  return row.id.toString();
}

export interface AuditFilter {
  adminId?: string | undefined;
  action?: string | undefined;
  entityType?: string | undefined;
  /** ISO date or date-time, inclusive. */
  from?: string | undefined;
  /** ISO date-time (inclusive) or a bare date (that whole UTC day included). */
  to?: string | undefined;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The end of a `to` filter: a bare date runs to the start of the next day. */
export function auditRangeEnd(to: string): Date {
  const end = new Date(to);
  if (BARE_DATE.test(to)) end.setUTCDate(end.getUTCDate() + 1);
  return end;
}

export interface AuditEntryRow extends Omit<NewAuditEntry, 'staffId'> {
  id: bigint;
  staffId: string | null;
  admin: { firstName: string; lastName: string; email: string } | null;
}

/** A page of the audit log, newest first, with the acting staff member. */
export async function listAuditEntries(
  db: Executor,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditEntryRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.adminId) conditions.push(eq(auditLogs.staffId, filter.adminId));
  if (filter.action) conditions.push(eq(auditLogs.action, filter.action));
  if (filter.entityType) conditions.push(eq(auditLogs.entityType, filter.entityType));
  if (filter.from) conditions.push(gte(auditLogs.createdAt, new Date(filter.from)));
  if (filter.to) {
    const end = auditRangeEnd(filter.to);
    conditions.push(BARE_DATE.test(filter.to) ? lt(auditLogs.createdAt, end) : lte(auditLogs.createdAt, end));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: auditLogs.id,
      staffId: auditLogs.staffId,
      action: auditLogs.action,
      entityType: auditLogs.entityType,
      entityId: auditLogs.entityId,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      note: auditLogs.note,
      beforeState: auditLogs.beforeState,
      afterState: auditLogs.afterState,
      metadata: auditLogs.metadata,
      createdAt: auditLogs.createdAt,
      firstName: staff.firstName,
      lastName: staff.lastName,
      email: staff.email,
    })
    .from(auditLogs)
    .leftJoin(staff, eq(staff.id, auditLogs.staffId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(auditLogs)
    .where(where);
  return {
    total: count?.total ?? 0,
    rows: rows.map(({ firstName, lastName, email, ...row }) => ({
      ...row,
      beforeState: row.beforeState as JsonObject | null,
      afterState: row.afterState as JsonObject | null,
      metadata: row.metadata as JsonObject | null,
      admin: email === null ? null : { firstName: firstName ?? '', lastName: lastName ?? '', email },
    })),
  };
}
