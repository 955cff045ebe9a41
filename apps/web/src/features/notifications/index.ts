/** Public API of the notifications feature: the bell, the inbox page and the dashboard widget. */
import './notifications.css';

export { NotificationBell } from './components/NotificationBell';
export { NotificationsWidget } from './components/NotificationsWidget';
export { NotificationsPage } from './routes/NotificationsPage';
