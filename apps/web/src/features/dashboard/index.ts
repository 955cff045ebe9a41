/** Public API of the dashboard feature. */
export { DashboardPage } from './routes/DashboardPage';
