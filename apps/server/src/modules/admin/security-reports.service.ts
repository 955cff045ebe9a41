import type { SecurityReportList, SecurityReportView, StaffRole } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { insertAuditEntry, type StaffActor } from '../audit-log/index.ts';
import { clearSecurityHold } from '../limits/index.ts';
import {
  closeSecurityReport,
  openSecurityReports,
  type SecurityReportRow,
  securityReportById,
} from '../security/index.ts';

/** The open cases the back office lists at most (the oldest first). */
const OPEN_CASES_SHOWN = 200;

const toView = (row: SecurityReportRow): SecurityReportView => ({
  id: row.id,
  user: { id: row.userId, name: row.userName },
  eventKind: row.eventKind,
  createdAt: row.createdAt.toISOString(),
  clearedAt: row.clearedAt?.toISOString() ?? null,
  clearedBy: row.clearedBy ? { ...row.clearedBy, role: row.clearedBy.role as StaffRole } : null,
});

/**
 * «Это не я» cases in the back office (docs/decisions/033, "Security events"): the open ones,
 * and «Снять удержание», which clears the user's hold and closes the case in one transaction
 * with its audit entry.
 */
export class SecurityReportsService {
  constructor(private readonly ctx: Needs<'db' | 'clock'>) {}

  async listOpen(): Promise<SecurityReportList> {
    return { reports: (await openSecurityReports(this.ctx.db, OPEN_CASES_SHOWN)).map(toView) };
  }

  async clear(actor: StaffActor, reportId: string): Promise<SecurityReportView> {
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const report = await securityReportById(tx, reportId);
      if (!report) throw notFound('bo.securityReports.notFound');
      if (!(await closeSecurityReport(tx, { id: reportId, staffId: actor.staffId, now }))) {
        throw new AppError('CONFLICT', 'bo.securityReports.alreadyCleared');
      }
      const holdCleared = await clearSecurityHold(tx, report.userId, now);
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: 'user.security_hold_clear',
        entityType: 'user',
        entityId: report.userId,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note: null,
        beforeState: { reportId, eventKind: report.eventKind, holdUntilCleared: true },
        afterState: { holdCleared },
        metadata: actor.idempotencyKey ? { idempotencyKey: actor.idempotencyKey } : null,
        createdAt: now,
      });
    });
    const cleared = await securityReportById(this.ctx.db, reportId);
    if (!cleared) throw notFound('bo.securityReports.notFound');
    return toView(cleared);
  }
}
