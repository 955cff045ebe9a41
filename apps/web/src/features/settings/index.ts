/** Public API of the settings feature. */
export { useUserSettings } from './api/settings-api';
export { SettingsPage } from './routes/SettingsPage';
