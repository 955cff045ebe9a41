/**
 * The swaps module's face (docs/ARCHITECTURE.md, "Modules with faces"): swap routes
 * (docs/decisions/026). Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { swapsRoutes } from './swaps.routes.ts';
export { SwapsService } from './swaps.service.ts';
