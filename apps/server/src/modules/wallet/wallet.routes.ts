import { Ok, WalletBalancesResult, WalletTransactionList, WalletTransactionsQuery } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { WalletService } from './wallet.service.ts';

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; wallet: WalletService }> = async (
  app,
  { ctx, wallet },
) => {
  app.get(
    '/wallet/balances',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'My balances per cryptocurrency (available, locked in orders and escrow, total)',
        response: { 200: Ok(WalletBalancesResult) },
      },
    },
    async (request) => ({ success: true as const, data: await wallet.balances(request.userId) }),
  );

  app.get(
    '/wallet/transactions',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary:
          'My transaction history from the ledger: one row per movement with the signed change of ' +
          'available, locked and total (rows of a currency add up to its balance)',
        querystring: WalletTransactionsQuery,
        response: { 200: Ok(WalletTransactionList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await wallet.transactions(request.userId, request.query),
    }),
  );

  app.get(
    '/wallet/transactions.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['wallet'],
        security: [{ bearer: [] }],
        summary: 'The same history as a CSV download (RFC 4180; type and currency filters)',
        produces: ['text/csv'],
        querystring: WalletTransactionsQuery.pick({ type: true, currency: true }),
        response: { 200: z.string().describe('text/csv; charset=utf-8') },
      },
    },
    async (request, reply) => {
      const csv = await wallet.transactionsCsv(request.userId, request.query);
      const day = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="transactions-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
