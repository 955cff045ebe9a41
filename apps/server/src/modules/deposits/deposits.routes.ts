import { DepositAddressQuery, DepositAddressView, DepositsPage, DepositsQuery, Ok } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DepositAddressService } from './deposit-addresses.service.ts';
import type { DepositsService } from './deposits.service.ts';

/** Money in: the user's deposit addresses and deposits (docs/decisions/011-custody.md). */
export const depositsRoutes: FastifyPluginAsyncZod<{
  addresses: DepositAddressService;
  deposits: DepositsService;
}> = async (app, { addresses, deposits }) => {
  const tags = ['wallet'];
  const security = [{ bearer: [] }];

  app.get(
    '/wallet/deposit-address',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My deposit address on a network (allocated on first request)',
        description:
          'One stable address per user and chain, derived from the platform xpub. ETH and ' +
          'USDT-ERC20 share the Ethereum address. `chainMode` is `devnet` when the server runs ' +
          'simulated chains (no real coins). 503 when deposits are off.',
        querystring: DepositAddressQuery,
        response: { 200: Ok(DepositAddressView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await addresses.addressFor(request.userId, request.query.network),
    }),
  );

  app.get(
    '/wallet/deposits',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'My deposits, newest first',
        description:
          'Statuses: `pending` (confirmations n/N), `credited`, `below_minimum` (recorded, not ' +
          'credited), `dropped` (vanished from the chain before it was credited).',
        querystring: DepositsQuery,
        response: { 200: Ok(DepositsPage) },
      },
    },
    async (request) => ({ success: true as const, data: await deposits.list(request.userId, request.query) }),
  );
};
