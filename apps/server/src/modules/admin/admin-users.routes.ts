import {
  AdminDashboard,
  AdminUserPage,
  AdminUserView,
  BlockUserRequest,
  IdParams,
  Ok,
  StaffNoteList,
  StaffNoteRequest,
  StaffNoteView,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../lib/route-app.ts';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** What the handlers of `adminUsersRoutes` share. */
function adminUsersRoutesDeps({ ctx, access, services }: AdminRouteOptions) {
  const dashboard = services.dashboard;
  const users = services.users;
  const read = access.allow('read');
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  return { ctx, access, dashboard, users, read, tags, security };
}

/** GET /dashboard, GET /users/:id, GET /users/:id/notes, POST /users/:id/notes */
function dashboardAndUserRoutes(
  app: RouteApp,
  { access, dashboard, users, read, tags, security }: AdminUsersRoutesDeps,
) {
  app.get(
    '/dashboard',
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Counters of the platform today and a 14-day series of completed trades and volume',
        response: { 200: Ok(AdminDashboard) },
      },
    },
    async () => ({ success: true as const, data: await dashboard.summary() }),
  );

  app.get(
    '/users/:id',
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'The user page: profile, balances, trades, disputes, withdrawals, deposits, staff notes',
        params: IdParams,
        response: { 200: Ok(AdminUserPage) },
      },
    },
    async (request) => ({ success: true as const, data: await users.page(request.params.id) }),
  );

  app.get(
    '/users/:id/notes',
    {
      onRequest: read,
      schema: {
        tags,
        security,
        summary: 'Staff notes on a user, newest first',
        params: IdParams,
        response: { 200: Ok(StaffNoteList) },
      },
    },
    async (request) => ({ success: true as const, data: { notes: await users.notes(request.params.id) } }),
  );

  app.post(
    '/users/:id/notes',
    {
      onRequest: access.allow('users.note'),
      schema: {
        tags,
        security,
        summary: 'Add a staff note on a user (audited)',
        params: IdParams,
        body: StaffNoteRequest,
        response: { 200: Ok(StaffNoteView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.addNote(actorOf(request), request.params.id, request.body.text),
    }),
  );
}

/** POST /users/:id/block, POST /users/:id/unblock */
function blockingRoutes(app: RouteApp, { access, users, tags, security }: AdminUsersRoutesDeps) {
  app.post(
    '/users/:id/block',
    {
      onRequest: access.allow('users.block'),
      schema: {
        tags,
        security,
        summary:
          'Block a user with a reason: sessions end, no sign-in, new trades, orders or withdrawals (admins only; audited)',
        params: IdParams,
        body: BlockUserRequest,
        response: { 200: Ok(AdminUserView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.block(actorOf(request), request.params.id, request.body.reason),
    }),
  );

  app.post(
    '/users/:id/unblock',
    {
      onRequest: access.allow('users.block'),
      schema: {
        tags,
        security,
        summary: 'Unblock a user with a reason (admins only; audited)',
        params: IdParams,
        body: BlockUserRequest,
        response: { 200: Ok(AdminUserView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.unblock(actorOf(request), request.params.id, request.body.reason),
    }),
  );
}

type AdminUsersRoutesDeps = ReturnType<typeof adminUsersRoutesDeps>;

/** The dashboard, the user page, staff notes and blocking (docs/decisions/016-back-office.md). */
export const adminUsersRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  const deps = adminUsersRoutesDeps(options);
  dashboardAndUserRoutes(app, deps);
  blockingRoutes(app, deps);
};
