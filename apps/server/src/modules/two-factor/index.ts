/**
 * The two-factor module's face (docs/ARCHITECTURE.md, "Modules with faces"): second-factor
 * enrolment and checks. Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { DEMO_TOTP_SECRET } from './totp.ts';
export { findTwoFactor } from './two-factor.repository.ts';
export { twoFactorRoutes } from './two-factor.routes.ts';
export { notEnrolled, TwoFactorService } from './two-factor.service.ts';
