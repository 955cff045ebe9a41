import type { AppContext } from '../../context.ts';
import type { ChatService } from '../chat/index.ts';
import type { DisputesService } from '../disputes/index.ts';
import type { ReservesService } from '../reserves/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import type { UploadsService } from '../uploads/index.ts';
import type { WithdrawalDecisionsService } from '../withdrawals/index.ts';
import type { StaffAccess } from './access.ts';
import type { AdminService } from './admin.service.ts';
import type { ApprovalsService } from './approvals.service.ts';
import type { BalanceOperationsService } from './balance-operations.service.ts';
import type { DashboardService } from './dashboard.service.ts';
import type { LimitsAdminService } from './limits-admin.service.ts';
import type { SecurityReportsService } from './security-reports.service.ts';
import type { StaffAuthService } from './staff.service.ts';
import type { StaffAdminService } from './staff-admin.service.ts';
import type { UserAdminService } from './user-admin.service.ts';
import type { WithdrawalFailsService } from './withdrawal-fails.service.ts';

/**
 * The services the back office's routes call, built once by the composition root
 * (docs/ARCHITECTURE.md, "The composition root"): its own, and the domains' it acts on.
 */
export interface AdminServices {
  auth: StaffAuthService;
  /** The staff members' second factor ('staff' subject). */
  staffTwoFactor: TwoFactorService;
  console: AdminService;
  dashboard: DashboardService;
  users: UserAdminService;
  staff: StaffAdminService;
  limits: LimitsAdminService;
  securityReports: SecurityReportsService;
  balanceOperations: BalanceOperationsService;
  withdrawalDecisions: WithdrawalDecisionsService;
  withdrawalFails: WithdrawalFailsService;
  approvals: ApprovalsService;
  disputes: DisputesService;
  chat: ChatService;
  uploads: UploadsService;
  reserves: ReservesService;
}

/** What each of the back office's route plugins is registered with (admin.routes.ts). */
export interface AdminRouteOptions {
  ctx: AppContext;
  access: StaffAccess;
  services: AdminServices;
}
