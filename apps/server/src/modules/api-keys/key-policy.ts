import { type ApiKeyScope, normalizeAction, type UserAction } from '@p2p/shared';

/**
 * What an API key may call (docs/decisions/025): GET requests with `read`, the trading writes
 * listed here with `trade`, nothing else. Whatever is not listed needs the owner's session:
 * money out (withdrawals), keys and webhooks, sessions, two-factor, settings, Telegram,
 * uploads. A new route is therefore refused to keys until it is added here on purpose.
 */
export type KeyAccess = { scope: ApiKeyScope } | { sessionOnly: true };

/** `METHOD route` (Fastify's route pattern) of the writes the `trade` scope allows. */
const TRADE_WRITES = new Set([
  'POST /api/v1/orders',
  'DELETE /api/v1/orders/:id',
  'PUT /api/v1/orders/:id/settings',
  'POST /api/v1/trades',
  'POST /api/v1/trades/:id/actions',
  'PUT /api/v1/trades/:id/payment-template',
  'POST /api/v1/trades/:id/messages',
  'PATCH /api/v1/messages/:id/read',
  'PATCH /api/v1/trades/:id/messages/read-all',
]);

/** Reads that still belong to the owner's session: credentials and account security. */
const SESSION_ONLY_READS = [
  '/api/v1/api-keys',
  '/api/v1/webhooks',
  '/api/v1/users/2fa/',
  '/api/v1/users/settings',
  '/api/v1/telegram/',
  '/api/v1/auth/',
];

/**
 * Trade actions a key never takes, whatever its scopes: confirming receipt commits the
 * escrow to the buyer and releasing pays it out (docs/decisions/023: money leaves an account
 * only with its owner's second factor, on a channel the owner holds). Aliases
 * (`release_funds`) resolve as the trade service resolves them.
 */
const SESSION_ONLY_ACTIONS: ReadonlySet<UserAction> = new Set<UserAction>([
  'confirm_payment',
  'release_crypto',
]);

/** Whether a trade action, as the client wrote it, is one a key never takes. */
export function actionNeedsSession(action: unknown): boolean {
  if (typeof action !== 'string') return false;
  const resolved = normalizeAction(action.trim());
  return resolved !== null && SESSION_ONLY_ACTIONS.has(resolved);
}

export const TRADE_ACTIONS_ROUTE = '/api/v1/trades/:id/actions';

/**
 * The back office authenticates staff sessions only (`requireStaff` never admits a key), so no
 * key reaches it whatever its verb: the OpenAPI document must not offer the key scheme there.
 */
const STAFF_ROUTES = '/api/v1/admin/';

/** The scope a route needs from a key, or that it needs the owner's session. */
export function keyAccessOf(method: string, route: string): KeyAccess {
  const verb = method.toUpperCase();
  if (route.startsWith(STAFF_ROUTES)) return { sessionOnly: true };
  if (verb === 'GET' || verb === 'HEAD') {
    const own = SESSION_ONLY_READS.some((p) => (p.endsWith('/') ? route.startsWith(p) : route === p));
    return own ? { sessionOnly: true } : { scope: 'read' };
  }
  return TRADE_WRITES.has(`${verb} ${route}`) ? { scope: 'trade' } : { sessionOnly: true };
}
