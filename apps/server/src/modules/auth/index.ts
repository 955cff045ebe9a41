/**
 * The auth module's face (docs/ARCHITECTURE.md, "Modules with faces"): sign-in routes. Other
 * modules and the app import this file only; the rest of the folder is private.
 */
export { authRoutes } from './auth.routes.ts';
export { AuthService } from './auth.service.ts';
