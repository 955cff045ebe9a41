/** Public API of the merchant API feature: the keys and webhooks settings page. */
export { ApiSettingsPage } from './routes/ApiSettingsPage';
