import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';

/** A case «Это не я» opened for the back office (migration 0051). */
export interface SecurityReportRow {
  id: string;
  userId: string;
  userName: string;
  eventKind: string;
  createdAt: Date;
  clearedAt: Date | null;
  clearedBy: { id: string; firstName: string; lastName: string; email: string; role: string } | null;
}

type RawReport = {
  id: string;
  user_id: string;
  user_name: string;
  event_kind: string;
  created_at: string | Date;
  cleared_at: string | Date | null;
  staff_id: string | null;
  staff_first_name: string | null;
  staff_last_name: string | null;
  staff_email: string | null;
  staff_role: string | null;
};

const toRow = (r: RawReport): SecurityReportRow => ({
  id: r.id,
  userId: r.user_id,
  userName: r.user_name,
  eventKind: r.event_kind,
  createdAt: new Date(r.created_at),
  clearedAt: r.cleared_at === null ? null : new Date(r.cleared_at),
  clearedBy:
    r.staff_id === null
      ? null
      : {
          id: r.staff_id,
          firstName: r.staff_first_name ?? '',
          lastName: r.staff_last_name ?? '',
          email: r.staff_email ?? '',
          role: r.staff_role ?? '',
        },
});

const SELECT_REPORT = sql`SELECT r.id, r.user_id, r.event_kind, r.created_at, r.cleared_at,
    COALESCE(NULLIF(u.display_name, ''), u.first_name, u.username, '') AS user_name,
    s.id AS staff_id, s.first_name AS staff_first_name, s.last_name AS staff_last_name,
    s.email AS staff_email, s.role AS staff_role
  FROM security_reports r JOIN users u ON u.id = r.user_id LEFT JOIN staff s ON s.id = r.cleared_by`;

/** The security event a notice of `userId`'s inbox tells of, or null (another's, or no such notice). */
export async function securityEventOfNotice(
  db: Executor,
  userId: string,
  notificationId: string,
): Promise<string | null> {
  const [row] = await queryRows<{ event: string | null }>(
    db,
    sql`SELECT values->>'event' AS event FROM notifications
      WHERE id = ${notificationId} AND user_id = ${userId} AND kind = 'security_event'`,
  );
  return row ? (row.event ?? 'unknown') : null;
}

/**
 * Opens the user's case unless one is open already (one open case per user, a partial unique
 * index): the answer is the open case's id and whether this call opened it.
 */
export async function openSecurityReport(
  db: Executor,
  r: { userId: string; notificationId: string; eventKind: string; now: Date },
): Promise<{ id: string; opened: boolean }> {
  const inserted = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO security_reports (user_id, notification_id, event_kind, created_at)
      VALUES (${r.userId}, ${r.notificationId}, ${r.eventKind}, ${r.now.toISOString()}::timestamptz)
      ON CONFLICT (user_id) WHERE cleared_at IS NULL DO NOTHING RETURNING id`,
  );
  if (inserted[0]) return { id: inserted[0].id, opened: true };
  const [open] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM security_reports WHERE user_id = ${r.userId} AND cleared_at IS NULL`,
  );
  if (!open) throw new Error('security report neither inserted nor open');
  return { id: open.id, opened: false };
}

/** Open cases, the oldest first (the back office's list). */
export async function openSecurityReports(db: Executor, limit: number): Promise<SecurityReportRow[]> {
  const rows = await queryRows<RawReport>(
    db,
    sql`${SELECT_REPORT} WHERE r.cleared_at IS NULL ORDER BY r.created_at, r.id LIMIT ${limit}`,
  );
  return rows.map(toRow);
}

export async function securityReportById(db: Executor, id: string): Promise<SecurityReportRow | null> {
  const [row] = await queryRows<RawReport>(db, sql`${SELECT_REPORT} WHERE r.id = ${id}`);
  return row ? toRow(row) : null;
}

/** Closes an open case (locked by the update); false when it was closed already or unknown. */
export async function closeSecurityReport(
  db: Executor,
  c: { id: string; staffId: string; now: Date },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`UPDATE security_reports SET cleared_by = ${c.staffId}, cleared_at = ${c.now.toISOString()}::timestamptz
      WHERE id = ${c.id} AND cleared_at IS NULL RETURNING id`,
  );
  return rows.length === 1;
}
