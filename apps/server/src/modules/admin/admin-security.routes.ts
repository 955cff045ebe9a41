import { IdParams, Ok, SecurityReportList, SecurityReportView } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** «Это не я» cases and «Снять удержание» (docs/decisions/033, "Security events"). */
export const adminSecurityRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { access, services },
) => {
  const reports = services.securityReports;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/security-reports',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary: 'Open «Это не я» cases, the oldest first: the user, the event answered, when',
        response: { 200: Ok(SecurityReportList) },
      },
    },
    async () => ({ success: true as const, data: await reports.listOpen() }),
  );

  app.post(
    '/security-reports/:id/clear',
    {
      onRequest: access.allow('users.limits'),
      schema: {
        tags,
        security,
        summary:
          "Clear the user's security hold and close the case (admins only; audited as user.security_hold_clear)",
        params: IdParams,
        response: { 200: Ok(SecurityReportView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reports.clear(actorOf(request), request.params.id),
    }),
  );
};
