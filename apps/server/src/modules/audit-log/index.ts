/**
 * The audit-log module's face (docs/ARCHITECTURE.md, "Modules with faces"): the staff audit log
 * and how staff are named where they acted. Other modules and the app import this file only; the
 * rest of the folder is private.
 */
export {
  type AuditEntryRow,
  type AuditFilter,
  insertAuditEntry,
  listAuditEntries,
  type StaffActor,
} from './audit.repository.ts';
export { staffRefs, toStaffRef } from './staff-refs.repository.ts';
