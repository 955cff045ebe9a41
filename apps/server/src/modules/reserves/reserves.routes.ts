import { Ok, ReserveAddressList, ReservesOverview, ReservesProofView } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ReservesService } from './reserves.service.ts';

/** Proof of reserves (docs/decisions/039-proof-of-reserves.md): the public overview and my proof. */
export const reservesRoutes: FastifyPluginAsyncZod<{ reserves: ReservesService }> = async (
  app,
  { reserves },
) => {
  app.get(
    '/reserves',
    {
      schema: {
        tags: ['reserves'],
        summary:
          'The latest published proof-of-reserves snapshot (root, total owed per coin, held on chain, ratio) and the history',
        response: { 200: Ok(ReservesOverview) },
      },
    },
    async () => ({ success: true as const, data: await reserves.overview() }),
  );

  app.get(
    '/reserves/addresses',
    {
      schema: {
        tags: ['reserves'],
        summary:
          "The platform's published addresses in the latest snapshot (deposit addresses, hot and cold wallets) with what each held at the height read, to sum on any block explorer",
        response: { 200: Ok(ReserveAddressList) },
      },
    },
    async () => ({ success: true as const, data: await reserves.addresses() }),
  );

  app.get(
    '/reserves/proof',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['reserves'],
        security: [{ bearer: [] }],
        summary:
          'My entry in the latest published snapshot: leaf, nonce, path and root, to verify on my device (docs/proof-of-reserves.md)',
        response: { 200: Ok(ReservesProofView) },
      },
    },
    async (request) => ({ success: true as const, data: await reserves.proofFor(request.userId) }),
  );
};
