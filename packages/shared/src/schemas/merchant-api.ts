import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { text } from './text.ts';

/**
 * The merchant API (docs/api.md, docs/decisions/025): API keys that sign requests, and
 * webhooks that receive trade and order events.
 */

export const MerchantApiMessages = {
  nameRequired: 'apiKeys.nameRequired',
  scopesRequired: 'apiKeys.scopesRequired',
  scopeUnknown: 'apiKeys.scopeUnknown',
  ipInvalid: 'apiKeys.ipInvalid',
  ipTooMany: 'apiKeys.ipTooMany',
  urlInvalid: 'webhooks.urlInvalid',
  eventsRequired: 'webhooks.eventsRequired',
  eventUnknown: 'webhooks.eventUnknown',
} as const satisfies Record<string, MessageKey>;

/** `read`: GET requests; `trade`: orders, trades, trade actions and chat (never money out). */
export const API_KEY_SCOPES = ['read', 'trade'] as const;
export const ApiKeyScope = z.enum(API_KEY_SCOPES, { error: MerchantApiMessages.scopeUnknown });
export type ApiKeyScope = z.infer<typeof ApiKeyScope>;

/** Most addresses one key may be tied to. */
export const MAX_KEY_IPS = 20;

export const CreateApiKeyRequest = z.object({
  name: text({ min: 1, max: 60, messages: { required: MerchantApiMessages.nameRequired } }),
  scopes: z
    .array(ApiKeyScope, { error: MerchantApiMessages.scopesRequired })
    .min(1, { error: MerchantApiMessages.scopesRequired })
    .max(API_KEY_SCOPES.length, { error: MerchantApiMessages.scopesRequired })
    .transform((scopes) => [...new Set(scopes)]),
  ip_allowlist: z
    .array(z.union([z.ipv4(), z.ipv6()], { error: MerchantApiMessages.ipInvalid }), {
      error: MerchantApiMessages.ipInvalid,
    })
    .max(MAX_KEY_IPS, { error: MerchantApiMessages.ipTooMany })
    .optional(),
  /** The account's second factor, when it has one turned on (a fresh code every time). */
  totpCode: text({ max: 40 }).optional(),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** The one answer that carries the secret: it is never shown again. */
export const CreatedApiKey = z.object({ id: z.uuid(), key: z.string(), secret: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const ApiKeyView = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The key's first characters, to recognise it; the secret is never shown again. */
  key_prefix: z.string(),
  scopes: z.array(ApiKeyScope),
  ip_allowlist: z.array(z.string()),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;

export const ApiKeyList = z.array(ApiKeyView);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

/** Events a webhook may subscribe to: those of the user's trades and orders. */
export const WEBHOOK_EVENTS = [
  'trade:created',
  'trade:updated',
  'trade:message',
  'trade:payment_template_attached',
  'trade:payment_proof_uploaded',
  'trade:evidence_requested',
  'order:matched',
  'order:updated',
  'swap:completed',
] as const;
export const WebhookEvent = z.enum(WEBHOOK_EVENTS, { error: MerchantApiMessages.eventUnknown });
export type WebhookEvent = z.infer<typeof WebhookEvent>;

/** An http(s) URL; whether plain http is accepted is the server's rule (docs/api.md). */
const webhookUrl = text({ min: 1, max: 2000, messages: { required: MerchantApiMessages.urlInvalid } }).refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  },
  { error: MerchantApiMessages.urlInvalid },
);

export const CreateWebhookRequest = z.object({
  url: webhookUrl,
  events: z
    .array(WebhookEvent, { error: MerchantApiMessages.eventsRequired })
    .min(1, { error: MerchantApiMessages.eventsRequired })
    .max(WEBHOOK_EVENTS.length, { error: MerchantApiMessages.eventsRequired })
    .transform((events) => [...new Set(events)]),
  /** The account's second factor, when it has one turned on (a fresh code every time), as for keys. */
  totpCode: text({ max: 40 }).optional(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

/** The one answer that carries the signing secret. */
export const CreatedWebhook = z.object({ id: z.uuid(), secret: z.string() });
export type CreatedWebhook = z.infer<typeof CreatedWebhook>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
/**
 * What an attempt came to, and all its owner is told of it (docs/decisions/036): never the
 * network's own words, which would map what lies behind an address.
 */
export const WEBHOOK_DELIVERY_OUTCOMES = ['delivered', 'error', 'timeout'] as const;

export const WebhookDeliveryView = z.object({
  id: z.uuid(),
  event_id: z.uuid(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The HTTP status of the last attempt; null when it got no answer (timeout, refused). */
  last_status_code: z.number().int().nullable(),
  /** The last attempt: delivered, error or timeout; null before the first. */
  last_outcome: z.enum(WEBHOOK_DELIVERY_OUTCOMES).nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
  /** When a pending delivery is tried next. */
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type WebhookDeliveryView = z.infer<typeof WebhookDeliveryView>;

export const WebhookView = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(WebhookEvent),
  created_at: z.string(),
  /** The most recent deliveries, newest first. */
  deliveries: z.array(WebhookDeliveryView),
});
export type WebhookView = z.infer<typeof WebhookView>;

export const WebhookList = z.array(WebhookView);
export type WebhookList = z.infer<typeof WebhookList>;
