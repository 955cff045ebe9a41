/**
 * The settings module's face (docs/ARCHITECTURE.md, "Modules with faces"): a user's settings and
 * the partner rules a taker must meet. Other modules and the app import this file only; the rest
 * of the folder is private.
 */
export { takerRefusal } from './partner-rules.ts';
export { autoRepliesOf, defaultSettings, settingsOf } from './settings.repository.ts';
export { settingsRoutes } from './settings.routes.ts';
export { SettingsService } from './settings.service.ts';
