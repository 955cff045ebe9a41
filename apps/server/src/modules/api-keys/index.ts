/**
 * The api-keys module's face (docs/ARCHITECTURE.md, "Modules with faces"): merchant API keys: the
 * routes, the authenticator and policy the API-key plugin runs, the webhook signature and secrets
 * (docs/decisions/025). Other modules and the app import this file only; the rest of the folder is
 * private.
 */
export { ApiKeyAuthenticator, type KeyCaller, type PendingKeyRequest } from './api-key-auth.ts';
export { revokeAllCredentials } from './api-keys.repository.ts';
export { apiKeysRoutes } from './api-keys.routes.ts';
export { ApiKeysService, merchantSecretBox } from './api-keys.service.ts';
export { endAllRoutes } from './end-all.routes.ts';
export { keyAccessOf, TRADE_ACTIONS_ROUTE } from './key-policy.ts';
export { newWebhookSecret, signWebhook } from './signing.ts';
