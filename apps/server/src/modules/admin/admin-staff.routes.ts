import { CreateStaffRequest, IdParams, Ok, StaffList, StaffMember, UpdateStaffRequest } from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** Staff accounts: everyone sees the list (audit filter), admins manage it. */
export const adminStaffRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { access, services },
) => {
  const members = services.staff;
  const manage = access.allow('staff.manage');
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/staff',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary: 'Staff accounts with role, two-factor and disabled state',
        response: { 200: Ok(StaffList) },
      },
    },
    async () => ({ success: true as const, data: { staff: await members.list() } }),
  );

  app.post(
    '/staff',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: 'Create a staff account (admins only; audited)',
        body: CreateStaffRequest,
        response: { 200: Ok(StaffMember) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await members.create(actorOf(request), request.body),
    }),
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: manage,
      schema: {
        tags,
        security,
        summary: "Change a staff member's role or disable the account (admins only, never oneself; audited)",
        params: IdParams,
        body: UpdateStaffRequest,
        response: { 200: Ok(StaffMember) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await members.update(actorOf(request), request.params.id, request.body),
    }),
  );
};
