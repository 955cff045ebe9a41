import { DEFAULT_LANG, LANGS, Ok, PublicConfig, ppmToFeeRate } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Public settings of this server (docs/decisions/015-i18n-and-formatting.md); no service or SQL. */
export const configRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config: PublicConfig = {
    platformFeeRate: ppmToFeeRate(ctx.config.feePpm),
    feePayer: 'buyer',
    languages: [...LANGS],
    defaultLanguage: DEFAULT_LANG,
    chainMode: ctx.config.chain.mode,
  };

  app.get(
    '/config',
    {
      schema: {
        tags: ['config'],
        summary:
          'Public settings: the platform fee rate (PLATFORM_FEE_RATE), the languages and the chain mode',
        response: { 200: Ok(PublicConfig) },
      },
    },
    async () => ({ success: true as const, data: config }),
  );
};
