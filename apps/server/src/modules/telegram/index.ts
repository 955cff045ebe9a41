/**
 * The telegram module's face (docs/ARCHITECTURE.md, "Modules with faces"): the Telegram bot and
 * its routes. Other modules and the app import this file only; the rest of the folder is private.
 */
export { unlinkChat } from './telegram.repository.ts';
export { telegramRoutes } from './telegram.routes.ts';
export { type BotServices, TelegramBot } from './telegram-bot.ts';
export { TelegramLinkService } from './telegram-link.service.ts';
