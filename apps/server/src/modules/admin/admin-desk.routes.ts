import {
  ChatMessage,
  DeskReminderList,
  DisputeCase,
  DisputeOwnership,
  DisputeQueue,
  DisputeQueueQuery,
  EvidenceRequestCreate,
  EvidenceRequestView,
  IdParams,
  ModeratorMessageRequest,
  Ok,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteApp } from '../../lib/route-app.ts';
import { deskReminders } from '../notifications/index.ts';
import { actorOf, staffOf } from './access.ts';
import type { AdminRouteOptions } from './admin-services.ts';

/** What the handlers of `adminDeskRoutes` share. */
function adminDeskRoutesDeps({ ctx, access, services }: AdminRouteOptions) {
  const disputes = services.disputes;
  const desk = access.allow('disputes.handle');
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  return { ctx, access, disputes, desk, tags, security };
}

/** GET /disputes, GET /disputes/reminders, GET /disputes/:id, POST /disputes/:id/take */
function caseQueueRoutes(app: RouteApp, { ctx, disputes, desk, tags, security }: AdminDeskRoutesDeps) {
  app.get(
    '/disputes',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'Open disputes, the oldest first, with age against DISPUTE_SLA_HOURS and the case owner',
        querystring: DisputeQueueQuery,
        response: { 200: Ok(DisputeQueue) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.queue(request.staffId, request.query),
    }),
  );

  app.get(
    '/disputes/reminders',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'Disputes past half of DISPUTE_SLA_HOURS without a staff line: mine and the unassigned',
        response: { 200: Ok(DeskReminderList) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deskReminders(ctx.db, request.staffId),
    }),
  );

  app.get(
    '/disputes/:id',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'The case file: timeline, parties with history, payment details, receipts, evidence, chat',
        params: IdParams,
        response: { 200: Ok(DisputeCase) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.caseFile(staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/disputes/:id/take',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'Take a case (one owner at a time: 409 when another moderator has it; audited)',
        params: IdParams,
        response: { 200: Ok(DisputeOwnership) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.take(actorOf(request), request.params.id),
    }),
  );
}

/** POST /disputes/:id/release, POST /disputes/:id/messages */
function caseWorkRoutes(app: RouteApp, { disputes, desk, tags, security }: AdminDeskRoutesDeps) {
  app.post(
    '/disputes/:id/release',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'Give a case back to the queue (its owner, or an admin; audited)',
        params: IdParams,
        response: { 200: Ok(DisputeOwnership) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.release(actorOf(request), staffOf(request), request.params.id),
    }),
  );

  app.post(
    '/disputes/:id/messages',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: "Write into the trade's chat as the moderator (case owner or an admin; audited)",
        params: IdParams,
        body: ModeratorMessageRequest,
        response: { 200: Ok(ChatMessage) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.message(
        actorOf(request),
        staffOf(request),
        request.params.id,
        request.body.content,
      ),
    }),
  );
}

/** POST /disputes/:id/evidence */
function evidenceRoutes(app: RouteApp, { disputes, desk, tags, security }: AdminDeskRoutesDeps) {
  app.post(
    '/disputes/:id/evidence',
    {
      onRequest: desk,
      schema: {
        tags,
        security,
        summary: 'Ask a party for evidence with a deadline (case owner or an admin; audited)',
        params: IdParams,
        body: EvidenceRequestCreate,
        response: { 200: Ok(EvidenceRequestView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await disputes.requestEvidence(
        actorOf(request),
        staffOf(request),
        request.params.id,
        request.body,
      ),
    }),
  );
}

type AdminDeskRoutesDeps = ReturnType<typeof adminDeskRoutesDeps>;

/**
 * The dispute desk (docs/decisions/016-back-office.md): the queue, taking and releasing a
 * case, the case file, the moderator's chat lines and evidence requests. Resolving stays at
 * POST /admin/trades/{id}/resolve. `:id` is the trade's id.
 */
export const adminDeskRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, options) => {
  const deps = adminDeskRoutesDeps(options);
  caseQueueRoutes(app, deps);
  caseWorkRoutes(app, deps);
  evidenceRoutes(app, deps);
};
