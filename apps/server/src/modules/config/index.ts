/**
 * The config module's face (docs/ARCHITECTURE.md, "Modules with faces"): the public client
 * configuration route. Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { configRoutes } from './config.routes.ts';
