/**
 * The wallet module's face (docs/ARCHITECTURE.md, "Modules with faces"): wallet routes and the CSV
 * field format the histories share. Other modules and the app import this file only; the rest of
 * the folder is private.
 */
export { walletRoutes } from './wallet.routes.ts';
export { WalletService } from './wallet.service.ts';
export { csvField } from './wallet-history.ts';
