import { Ok, WalletBalancesResult } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { WalletService } from './wallet.service.ts';

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const wallet = new WalletService(ctx);

  app.get(
    '/wallet/balances',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'My balances per cryptocurrency (available, locked in orders and escrow, total)',
        response: { 200: Ok(WalletBalancesResult) },
      },
    },
    async (request) => ({ success: true as const, data: await wallet.balances(request.userId) }),
  );
};
