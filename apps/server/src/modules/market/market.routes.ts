import {
  CurrentPricesFallbackResponse,
  CurrentPricesResponse,
  PRICES_FALLBACK_KEY,
  translate,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requestLang } from '../../lib/request-lang.ts';
import { MarketPricesService } from './market.service.ts';

export interface MarketRoutesOptions {
  ctx: AppContext;
  /** Replaces the default service (tests use a short feed timeout). */
  prices?: MarketPricesService;
}

export const marketRoutes: FastifyPluginAsyncZod<MarketRoutesOptions> = async (app, { ctx, prices }) => {
  // One service per server instance, so its cache lives as long as the server.
  const service = prices ?? MarketPricesService.fromConfig(ctx.config, ctx.clock, app.log);

  app.get(
    '/market/current-prices',
    {
      schema: {
        tags: ['market'],
        summary:
          'Current coin prices (source live, cache or demo; 503 with the fallback table when the feed is down)',
        response: { 200: CurrentPricesResponse, 503: CurrentPricesFallbackResponse },
      },
    },
    async (request, reply) => {
      const current = await service.current();
      const updatedAt = current.updatedAt.toISOString();
      if (current.ok) {
        return { success: true as const, data: current.prices, source: current.source, updatedAt };
      }
      return reply.code(503).send({
        success: false,
        error: translate(requestLang(request), PRICES_FALLBACK_KEY),
        code: 'SERVICE_UNAVAILABLE',
        data: current.prices,
        source: 'fallback',
        updatedAt,
      });
    },
  );
};
