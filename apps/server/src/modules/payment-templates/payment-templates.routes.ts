import {
  IdParams,
  MessageResult,
  Ok,
  PaymentTemplateInput,
  PaymentTemplateList,
  PaymentTemplateView,
  UpdatePaymentTemplateRequest,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { PaymentTemplatesService } from './payment-templates.service.ts';

/** The user's saved payment details, and sending one of them on a trade. */
export const paymentTemplatesRoutes: FastifyPluginAsyncZod<{
  templates: PaymentTemplatesService;
}> = async (app, { templates }) => {
  const tags = ['payment-templates'];
  const security = [{ bearer: [] }];
  const auth = { onRequest: app.requireUser };

  app.get(
    '/payment-templates',
    {
      ...auth,
      schema: { tags, security, summary: 'My payment templates', response: { 200: Ok(PaymentTemplateList) } },
    },
    async (request) => ({ success: true as const, data: await templates.list(request.userId) }),
  );

  app.post(
    '/payment-templates',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Save a payment template; honours Idempotency-Key',
        body: PaymentTemplateInput,
        response: { 200: Ok(PaymentTemplateView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templates.create(request.userId, request.body, idempotencyKeyOf(request.headers)),
    }),
  );

  app.put(
    '/payment-templates/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Replace a template, or only set { isDefault } / { isActive }',
        params: IdParams,
        body: UpdatePaymentTemplateRequest,
        response: { 200: Ok(PaymentTemplateView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templates.update(request.userId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/payment-templates/:id',
    {
      ...auth,
      schema: {
        tags,
        security,
        summary: 'Delete a template (details already sent on trades stay)',
        params: IdParams,
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await templates.remove(request.userId, request.params.id),
    }),
  );
};
