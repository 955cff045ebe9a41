/**
 * The notifications module's face (docs/ARCHITECTURE.md, "Modules with faces"): the inbox, its
 * feed of events, the auto-reply and the reminders (docs/decisions/030). Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { startAutoReply } from './auto-reply.ts';
export { type FeedLog, NotificationFeed } from './notification-feed.ts';
export { notificationsRoutes } from './notifications.routes.ts';
export { NotificationsService, type Reach, toNotificationView } from './notifications.service.ts';
export { deskReminders, RemindersService } from './reminders.service.ts';
