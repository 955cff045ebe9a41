/**
 * The webhooks module's face (docs/ARCHITECTURE.md, "Modules with faces"): webhook routes, the
 * outbox consumer and the delivery worker (docs/decisions/025, 041). Other modules and the app
 * import this file only; the rest of the folder is private.
 */
export { WebhookDispatcher } from './webhook-dispatcher.ts';
export { WebhookOutbox } from './webhook-outbox.ts';
export { webhooksRoutes } from './webhooks.routes.ts';
export { WebhooksService } from './webhooks.service.ts';
