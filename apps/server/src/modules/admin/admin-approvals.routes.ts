import {
  ApprovalList,
  ApprovalsQuery,
  ApprovalView,
  ApproveRequest,
  IdParams,
  Ok,
  RejectApprovalRequest,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../lib/route-app.ts';
import { actorOf, staffOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** What the handlers of `adminApprovalsRoutes` share. */
function adminApprovalsRoutesDeps({ ctx, access, services }: AdminRouteOptions) {
  const approvals = services.approvals;
  const decide = access.allow('approvals.decide');
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  return { ctx, access, approvals, decide, tags, security };
}

/** GET /approvals, POST /approvals/:id/approve */
function queueAndApproveRoutes(
  app: RouteApp,
  { access, approvals, decide, tags, security }: AdminApprovalsRoutesDeps,
) {
  app.get(
    '/approvals',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary:
          'Proposals above FOUR_EYES_USD: pending (the oldest first) or decided, with what each does and whether the caller may decide it',
        querystring: ApprovalsQuery,
        response: { 200: Ok(ApprovalList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await approvals.list(staffOf(request), request.query),
    }),
  );

  app.post(
    '/approvals/:id/approve',
    {
      onRequest: decide,
      schema: {
        tags,
        security,
        summary:
          "Approve another staff member's proposal: the money moves now, everything re-checked (admins only, never one's own: 403; audited)",
        params: IdParams,
        body: ApproveRequest,
        response: { 200: Ok(ApprovalView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await approvals.approve(
        actorOf(request),
        staffOf(request),
        request.params.id,
        request.body.note ?? null,
      ),
    }),
  );
}

/** POST /approvals/:id/reject, POST /approvals/:id/cancel */
function rejectAndCancelRoutes(
  app: RouteApp,
  { access, approvals, decide, tags, security }: AdminApprovalsRoutesDeps,
) {
  app.post(
    '/approvals/:id/reject',
    {
      onRequest: decide,
      schema: {
        tags,
        security,
        summary:
          "Reject another staff member's proposal with a note: nothing moves, a dispute stays open (admins only, never one's own: 403; audited)",
        params: IdParams,
        body: RejectApprovalRequest,
        response: { 200: Ok(ApprovalView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await approvals.reject(actorOf(request), staffOf(request), request.params.id, request.body.note),
    }),
  );

  app.post(
    '/approvals/:id/cancel',
    {
      onRequest: access.allow('read'),
      schema: {
        tags,
        security,
        summary: "Withdraw one's own pending proposal (the proposer only; audited)",
        params: IdParams,
        response: { 200: Ok(ApprovalView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await approvals.cancel(actorOf(request), staffOf(request), request.params.id),
    }),
  );
}

type AdminApprovalsRoutesDeps = ReturnType<typeof adminApprovalsRoutesDeps>;

/**
 * Four eyes (docs/decisions/023-trust-and-safety.md): the proposals waiting for a second admin,
 * and their approval, rejection or withdrawal. `:id` is the proposal's id.
 */
export const adminApprovalsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  const deps = adminApprovalsRoutesDeps(options);
  queueAndApproveRoutes(app, deps);
  rejectAndCancelRoutes(app, deps);
};
