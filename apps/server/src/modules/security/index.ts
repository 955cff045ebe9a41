/** The security module's face (docs/decisions/033, "Security events"): «Это не я» and its cases. */
export { reportNotMe } from './not-me.service.ts';
export { securityRoutes } from './security.routes.ts';
export {
  closeSecurityReport,
  openSecurityReports,
  type SecurityReportRow,
  securityReportById,
} from './security-reports.repository.ts';
