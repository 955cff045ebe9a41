import { IdParams, Ok, SwapView, TakeSwapRequest } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../idempotency/index.ts';
import type { SwapsService } from './swaps.service.ts';

/** POST /orders/:id/swap: take a swap offer, settled at once (docs/decisions/026-instant-swaps.md). */
export const swapsRoutes: FastifyPluginAsyncZod<{ swaps: SwapsService }> = async (app, { swaps }) => {
  app.post(
    '/orders/:id/swap',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security: [{ bearer: [] }],
        summary: 'Take a swap offer (an order paid in a coin): both balances change at once',
        params: IdParams,
        body: TakeSwapRequest,
        response: { 200: Ok(SwapView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await swaps.take(
        request.userId,
        request.params.id,
        request.body,
        idempotencyKeyOf(request.headers),
      ),
    }),
  );
};
