import type { PaymentTemplateFlags, PaymentTemplateInput, PaymentTemplateView } from '@p2p/shared';
import { apiRequest, newIdempotencyKey } from '@/lib/api';

/** The trade page's template picker reads the same key. */
export const templatesKey = ['payment-templates'] as const;

const path = (id: string) => `/payment-templates/${encodeURIComponent(id)}`;

export const templatesApi = {
  list: () => apiRequest<PaymentTemplateView[]>('/payment-templates'),
  create: (body: PaymentTemplateInput) =>
    apiRequest<PaymentTemplateView>('/payment-templates', {
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': newIdempotencyKey() },
    }),
  update: (id: string, body: PaymentTemplateInput) =>
    apiRequest<PaymentTemplateView>(path(id), { method: 'PUT', body }),
  setFlags: (id: string, flags: PaymentTemplateFlags) =>
    apiRequest<PaymentTemplateView>(path(id), { method: 'PUT', body: flags }),
  remove: (id: string) => apiRequest<{ message: string }>(path(id), { method: 'DELETE' }),
};
