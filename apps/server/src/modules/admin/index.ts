/**
 * The admin module's face (docs/ARCHITECTURE.md, "Modules with faces"): the back office's routes,
 * and the command that creates staff accounts (cli/staff-create.ts). Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { adminRoutes } from './admin.routes.ts';
export { createStaff } from './staff.service.ts';
