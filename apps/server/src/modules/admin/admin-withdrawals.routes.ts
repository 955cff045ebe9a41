import {
  AdminWithdrawalsQuery,
  AdminWithdrawalsResult,
  AdminWithdrawalView,
  IdParams,
  Ok,
  PendingApprovalResult,
  STAFF_WITHDRAWAL_ACTIONS,
  WithdrawalDecisionRequest,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

const SUMMARIES = {
  approve: 'Approve a PENDING withdrawal (admins only; audited)',
  reject:
    'Reject a PENDING or APPROVED (unclaimed) withdrawal with a reason note; amount + fee return (admins only; audited)',
  processing:
    'Claim an APPROVED withdrawal for sending («Отправить»): it becomes PROCESSING, the user can no longer cancel it, ' +
    'and the answer carries the destination address; records who claimed it and when (admins only; audited)',
  complete: 'Complete a PROCESSING (claimed) withdrawal with its transaction hash (admins only; audited)',
  fail:
    'Mark a PROCESSING withdrawal failed, by its claimer, with a note of what was checked on the chain; amount + fee return ' +
    '(admins only; audited). Above FOUR_EYES_USD 202: a proposal a second admin approves; 409 while one is pending',
} as const;

/**
 * The withdrawal queue: any staff member may look, only admins decide
 * (docs/decisions/012-withdrawals.md).
 */
export const adminWithdrawalsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  { access, services },
) => {
  const staffOnly = access.allow('read');
  const adminOnly = access.allow('withdrawals.decide');
  const decisions = services.withdrawalDecisions;
  const fails = services.withdrawalFails;
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.get(
    '/withdrawals',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary:
          'The withdrawal queue, newest first, optionally by status, with the facts that decide each request ' +
          '(the destination address only once claimed for sending)',
        querystring: AdminWithdrawalsQuery,
        response: { 200: Ok(AdminWithdrawalsResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await decisions.queue(request.staffId, request.query),
    }),
  );

  for (const action of STAFF_WITHDRAWAL_ACTIONS.filter((a) => a !== 'fail')) {
    app.post(
      `/withdrawals/:id/${action}`,
      {
        onRequest: adminOnly,
        schema: {
          tags,
          security,
          summary: SUMMARIES[action],
          params: IdParams,
          body: WithdrawalDecisionRequest,
          response: { 200: Ok(AdminWithdrawalView) },
        },
      },
      async (request) => ({
        success: true as const,
        data: await decisions.decide(actorOf(request), request.params.id, action, request.body ?? {}),
      }),
    );
  }

  // Failing a claimed request: four eyes above FOUR_EYES_USD (docs/decisions/035).
  app.post(
    '/withdrawals/:id/fail',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: SUMMARIES.fail,
        params: IdParams,
        body: WithdrawalDecisionRequest,
        response: { 200: Ok(AdminWithdrawalView), 202: Ok(PendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const data = await fails.fail(actorOf(request), request.params.id, request.body ?? {});
      if ('pendingApproval' in data) return reply.code(202).send({ success: true as const, data });
      return { success: true as const, data };
    },
  );
};
