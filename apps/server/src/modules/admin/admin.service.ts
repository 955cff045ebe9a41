import { type AdminUserView, type AuditLogView, formatCrypto, paginationOf } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type AuditEntryRow, type AuditFilter, listAuditEntries } from '../audit-log/index.ts';
import { balancesOfUser, balancesOfUsers } from '../ledger/index.ts';
import {
  type AdminUserRow,
  listUsersForAdmin,
  type UserFilter,
  userExists,
} from './admin-users.repository.ts';

interface Page {
  page: number;
  limit: number;
}
const pageWindow = ({ page, limit }: Page) => ({ limit, offset: (page - 1) * limit });

/** Back-office reads: users, their balances, the audit log. */
export class AdminService {
  constructor(private readonly ctx: Needs<'db'>) {}

  async listUsers(query: Page & UserFilter) {
    const { rows, total } = await listUsersForAdmin(this.ctx.db, query, pageWindow(query));
    const balances = await balancesOfUsers(
      this.ctx.db,
      rows.map((r) => r.id),
    );
    return {
      users: rows.map((row) => toAdminUserView(row, balances.get(row.id) ?? [])),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }

  /** Balances the user has ever had, by currency (an empty map when none). */
  async userBalances(userId: string) {
    if (!(await userExists(this.ctx.db, userId))) throw new AppError('NOT_FOUND', 'errors.userNotFound');
    const rows = await balancesOfUser(this.ctx.db, userId);
    const balances: Record<
      string,
      { available: string; locked: string; total: string; lastUpdated: string }
    > = {};
    for (const row of rows) {
      balances[row.currency] = {
        available: formatCrypto(row.available),
        locked: formatCrypto(row.locked),
        total: formatCrypto(row.available + row.locked),
        lastUpdated: row.updatedAt.toISOString(),
      };
    }
    return { balances };
  }

  async auditLogs(query: Page & AuditFilter) {
    const { rows, total } = await listAuditEntries(this.ctx.db, query, pageWindow(query));
    return { logs: rows.map(toAuditLogView), pagination: paginationOf(query.page, query.limit, total) };
  }
}

export function toAdminUserView(row: AdminUserRow, balances: AdminUserView['balances']): AdminUserView {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    username: row.username,
    displayName: row.displayName,
    telegramId: row.telegramId === null ? null : row.telegramId.toString(),
    verified: row.verified,
    tradesCount: row.tradesCount,
    createdAt: row.createdAt.toISOString(),
    blockedAt: row.blockedAt?.toISOString() ?? null,
    blockReason: row.blockReason,
    balances,
  };
}

function toAuditLogView(row: AuditEntryRow): AuditLogView {
  return {
    id: row.id.toString(),
    createdAt: row.createdAt.toISOString(),
    admin: row.admin,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    ipAddress: row.ipAddress,
    userAgent: row.userAgent,
    note: row.note,
    beforeState: row.beforeState,
    afterState: row.afterState,
    metadata: row.metadata,
  };
}
