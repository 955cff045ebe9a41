/**
 * The admin module's face (docs/ARCHITECTURE.md, "Modules with faces"): the back office's routes,
 * and the command that creates staff accounts (cli/staff-create.ts). Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { adminRoutes } from './admin.routes.ts';
export { AdminService } from './admin.service.ts';
export type { AdminServices } from './admin-services.ts';
export { ApprovalsService } from './approvals.service.ts';
export { BalanceOperationsService } from './balance-operations.service.ts';
export { DashboardService } from './dashboard.service.ts';
export { LimitsAdminService } from './limits-admin.service.ts';
export { SecurityReportsService } from './security-reports.service.ts';
export { createStaff, StaffAuthService } from './staff.service.ts';
export { StaffAdminService } from './staff-admin.service.ts';
export { UserAdminService } from './user-admin.service.ts';
export { WithdrawalFailsService } from './withdrawal-fails.service.ts';
