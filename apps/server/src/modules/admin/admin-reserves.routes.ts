import { AdminReserveSnapshot, AdminReserveSnapshots, Ok } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** Proof-of-reserves snapshots for staff (docs/decisions/039): every one, and one taken now. */
export const adminReservesRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { access, services },
) => {
  const { reserves } = services;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/reserves/snapshots',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary:
          'Proof-of-reserves snapshots, newest first, withheld ones with what did not match the ledger',
        response: { 200: Ok(AdminReserveSnapshots) },
      },
    },
    async () => ({ success: true as const, data: await reserves.adminList() }),
  );

  app.post(
    '/reserves/snapshots',
    {
      onRequest: access.allow('reserves.snapshot'),
      schema: {
        tags,
        security,
        summary:
          'Take a proof-of-reserves snapshot now: published when its sums equal the ledger, else withheld (admins only; audited)',
        response: { 200: Ok(AdminReserveSnapshot) },
      },
    },
    async (request) => {
      const outcome = await reserves.takeSnapshot('staff', actorOf(request));
      if (!outcome) throw new AppError('CONFLICT', 'errors.reservesSnapshotBusy');
      const item = (await reserves.adminList()).items.find((s) => s.id === outcome.id);
      if (!item) throw new Error('the snapshot just taken is not listed');
      return { success: true as const, data: item };
    },
  );
};
