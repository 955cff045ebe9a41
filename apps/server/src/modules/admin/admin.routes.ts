import {
  AdminUserBalancesResult,
  AdminUsersQuery,
  AdminUsersResult,
  AuditLogsQuery,
  AuditLogsResult,
  BalanceOperationRequest,
  BalanceOperationResult,
  IdParams,
  MessageList,
  MessageListQuery,
  Ok,
  PendingApprovalResult,
  ResolveDisputeRequest,
  ResolveDisputeResult,
  TradeDetails,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { sendReceipt } from '../uploads/index.ts';
import { actorOf, StaffAccess, staffOf } from './access.ts';
import { adminApprovalsRoutes } from './admin-approvals.routes.ts';
import { adminAuthRoutes } from './admin-auth.routes.ts';
import { adminDeskRoutes } from './admin-desk.routes.ts';
import { adminLimitsRoutes } from './admin-limits.routes.ts';
import { adminReservesRoutes } from './admin-reserves.routes.ts';
import { adminSecurityRoutes } from './admin-security.routes.ts';
import type { AdminServices } from './admin-services.ts';
import { adminStaffRoutes } from './admin-staff.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';
import { adminWithdrawalsRoutes } from './admin-withdrawals.routes.ts';
import type { BalanceOperation } from './balance-operations.service.ts';

/** What the handlers of `adminRoutes` share. */
function adminRoutesDeps(app: RouteApp, { ctx, services }: { ctx: AppContext; services: AdminServices }) {
  const { auth, console: admin, balanceOperations: operations, disputes, chat, uploads } = services;
  const access = new StaffAccess(app, auth);
  // Reads every staff member may do (docs/decisions/016-back-office.md has the table).
  const staffOnly = access.allow('read');
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  return { ctx, auth, admin, operations, disputes, chat, uploads, access, staffOnly, tags, security };
}

/** GET /users, GET /users/:id/balances */
function userBalanceRoutes(
  app: RouteApp,
  { admin, operations, access, staffOnly, tags, security }: AdminRoutesDeps,
) {
  app.get(
    '/users',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Search and page through users',
        querystring: AdminUsersQuery,
        response: { 200: Ok(AdminUsersResult) },
      },
    },
    async (request) => ({ success: true as const, data: await admin.listUsers(request.query) }),
  );

  app.get(
    '/users/:id/balances',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: "A user's balances by currency",
        params: IdParams,
        response: { 200: Ok(AdminUserBalancesResult) },
      },
    },
    async (request) => ({ success: true as const, data: await admin.userBalances(request.params.id) }),
  );

  for (const operation of ['credit', 'debit'] as const satisfies BalanceOperation[]) {
    app.post(
      `/users/:id/balance/${operation}`,
      {
        onRequest: access.allow('balances.move'),
        schema: {
          tags,
          security,
          summary:
            operation === 'credit'
              ? "Manual credit of a user's available balance (admins only; audited; Idempotency-Key honoured); above FOUR_EYES_USD 202: a proposal a second admin approves"
              : "Manual debit of a user's available balance (admins only; audited; Idempotency-Key honoured)",
          params: IdParams,
          body: BalanceOperationRequest,
          response: { 200: Ok(BalanceOperationResult), 202: Ok(PendingApprovalResult) },
        },
      },
      async (request, reply) => {
        const data = await operations.apply(operation, request.params.id, request.body, actorOf(request));
        if ('pendingApproval' in data) return reply.code(202).send({ success: true as const, data });
        return { success: true as const, data };
      },
    );
  }
}

/** GET /audit-logs, GET /trades/:id, GET /trades/:id/messages */
function auditAndTradeRoutes(
  app: RouteApp,
  { admin, disputes, chat, staffOnly, tags, security }: AdminRoutesDeps,
) {
  app.get(
    '/audit-logs',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'The audit log of staff actions, newest first',
        querystring: AuditLogsQuery,
        response: { 200: Ok(AuditLogsResult) },
      },
    },
    async (request) => ({ success: true as const, data: await admin.auditLogs(request.query) }),
  );

  // Moderators see disputed trades as observers: the trade, its chat and its receipts.
  app.get(
    '/trades/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'A disputed trade, seen as an observer',
        params: IdParams,
        response: { 200: Ok(TradeDetails) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.view(request.staffId, request.params.id),
    }),
  );

  app.get(
    '/trades/:id/messages',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'The chat of a disputed trade (read-only)',
        params: IdParams,
        querystring: MessageListQuery,
        response: { 200: Ok(MessageList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await chat.listForModerator(request.params.id, request.query),
    }),
  );
}

/** GET /uploads/receipts/:id, POST /trades/:id/resolve */
function receiptAndResolveRoutes(
  app: RouteApp,
  { disputes, uploads, access, staffOnly, tags, security }: AdminRoutesDeps,
) {
  app.get(
    '/uploads/receipts/:id',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'A receipt image of a trade that went to dispute, for staff',
        params: IdParams,
      },
    },
    async (request, reply) =>
      sendReceipt(
        reply,
        await uploads.readReceipt({ kind: 'staff', id: request.staffId }, request.params.id),
      ),
  );

  app.post(
    '/trades/:id/resolve',
    {
      onRequest: access.allow('disputes.handle'),
      schema: {
        tags,
        security,
        summary:
          "Settle a disputed trade: release to the buyer or refund the seller; the note is the written outcome posted into the trade's chat (case owner or an admin; audited). Above FOUR_EYES_USD 202: a proposal a second admin approves; 409 while one is pending",
        params: IdParams,
        body: ResolveDisputeRequest,
        response: { 200: Ok(ResolveDisputeResult), 202: Ok(PendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const data = await disputes.resolve(actorOf(request), staffOf(request), {
        tradeId: request.params.id,
        ...request.body,
      });
      if ('pendingApproval' in data) return reply.code(202).send({ success: true as const, data });
      return { success: true as const, data };
    },
  );
}

type AdminRoutesDeps = ReturnType<typeof adminRoutesDeps>;

/**
 * The back office under /api/v1/admin (docs/decisions/016). Every route but sign-in needs a staff token.
 * `services` come from the composition root.
 */
export const adminRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  services: AdminServices;
}> = async (app, { ctx, services }) => {
  const deps = adminRoutesDeps(app, { ctx, services });
  const { auth, access } = deps;
  await app.register(adminAuthRoutes, { ctx, auth, access, twoFactor: services.staffTwoFactor });
  const options = { ctx, access, services };
  await app.register(adminWithdrawalsRoutes, options);
  await app.register(adminDeskRoutes, options);
  await app.register(adminUsersRoutes, options);
  await app.register(adminLimitsRoutes, options);
  await app.register(adminSecurityRoutes, options);
  await app.register(adminReservesRoutes, options);
  await app.register(adminStaffRoutes, options);
  await app.register(adminApprovalsRoutes, options);
  userBalanceRoutes(app, deps);
  auditAndTradeRoutes(app, deps);
  receiptAndResolveRoutes(app, deps);
};
