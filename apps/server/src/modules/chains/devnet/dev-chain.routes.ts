import {
  DevBlocksRequest,
  DevBlocksResult,
  DevChainParams,
  DevDropResult,
  DevTransferRequest,
  DevTransferResult,
  DevTxParams,
  Ok,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { idempotencyKeyOf } from '../../idempotency/index.ts';
import { Devnet } from './devnet.ts';

/** Per user on top of the global limit: a demo tool, not a faucet to hammer. */
const devLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/**
 * Devnet controls (CHAIN_MODE=devnet only; registered in no other mode, so they answer 404):
 * send simulated coins to any address, mine blocks at once, and drop a transfer as if it
 * were evicted or reorganised away. Deposits then arrive through the normal watcher path.
 */
export const devChainRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const devnet = new Devnet(ctx.db, ctx.clock, ctx.config.chain.devnetBlockSeconds);
  const tags = ['devnet'];
  const security = [{ bearer: [] }];
  const common = { onRequest: app.requireUser, config: devLimit };

  app.post(
    '/dev/chain/:network/transfers',
    {
      ...common,
      schema: {
        tags,
        security,
        summary:
          'Devnet: send simulated coins to an address (mempool until the next block); honours Idempotency-Key',
        params: DevChainParams,
        body: DevTransferRequest,
        response: { 200: Ok(DevTransferResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await devnet.send(request.params.network, request.body, {
        userId: request.userId,
        idempotencyKey: idempotencyKeyOf(request.headers),
      }),
    }),
  );

  app.post(
    '/dev/chain/:network/blocks',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Devnet: mine blocks at once (the first takes the mempool)',
        params: DevChainParams,
        body: DevBlocksRequest,
        response: { 200: Ok(DevBlocksResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await devnet.mine(request.params.network, request.body.count),
    }),
  );

  app.post(
    '/dev/chain/:network/transfers/:txHash/drop',
    {
      ...common,
      schema: {
        tags,
        security,
        summary: 'Devnet: make a transfer vanish (evicted, or its block reorganised away)',
        params: DevTxParams,
        response: { 200: Ok(DevDropResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await devnet.drop(request.params.network, request.params.txHash),
    }),
  );
};
