/**
 * The withdrawals module's face (docs/ARCHITECTURE.md, "Modules with faces"): withdrawal routes,
 * staff decisions on withdrawals, and the views the back office reads. Other modules and the app
 * import this file only; the rest of the folder is private.
 */

export { SavedAddressesService } from './saved-addresses.service.ts';
export { WithdrawalDecisionsService } from './withdrawal-decisions.service.ts';
export { staffVisibleAddress } from './withdrawal-view.ts';
export { findWithdrawal } from './withdrawals.repository.ts';
export { withdrawalsRoutes } from './withdrawals.routes.ts';
export { WithdrawalsService } from './withdrawals.service.ts';
