import type {
  ApiKeyList,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedWebhook,
  CreateWebhookRequest,
  WebhookList,
} from '@p2p/shared';
import { apiRequest } from '@/lib/api';

export const apiKeysKey = ['merchant-api', 'keys'] as const;
export const webhooksKey = ['merchant-api', 'webhooks'] as const;

/** The merchant API's settings calls, made from the signed-in session (docs/api.md). */
export const merchantApi = {
  keys: () => apiRequest<ApiKeyList>('/api-keys'),
  createKey: (body: CreateApiKeyRequest) => apiRequest<CreatedApiKey>('/api-keys', { method: 'POST', body }),
  revokeKey: (id: string) =>
    apiRequest<{ id: string }>(`/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  webhooks: () => apiRequest<WebhookList>('/webhooks'),
  createWebhook: (body: CreateWebhookRequest) =>
    apiRequest<CreatedWebhook>('/webhooks', { method: 'POST', body }),
  deleteWebhook: (id: string) =>
    apiRequest<{ id: string }>(`/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
