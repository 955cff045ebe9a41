/**
 * The chat module's face (docs/ARCHITECTURE.md, "Modules with faces"): trade chat: its routes and
 * service, the lines other modules write (system and moderator lines) and their view. Other
 * modules and the app import this file only; the rest of the folder is private.
 */
export { insertMessage, insertMessageOnce, listMessages, unreadFor } from './chat.repository.ts';
export { chatRoutes } from './chat.routes.ts';
export { ChatService } from './chat.service.ts';
export { toChatMessage } from './chat-view.ts';
export { systemMessageRow, systemMessageValues } from './system-messages.ts';
