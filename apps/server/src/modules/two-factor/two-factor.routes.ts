import {
  Ok,
  RecoveryCodesResult,
  StepUpResult,
  TwoFactorCodeRequest,
  TwoFactorDisableResult,
  TwoFactorEnableResult,
  TwoFactorSetupResult,
  TwoFactorStatus,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { TwoFactorService } from './two-factor.service.ts';

/** What the handlers of `twoFactorRoutes` share. */
function twoFactorRoutesDeps({ ctx, twoFactor }: { ctx: AppContext; twoFactor: TwoFactorService }) {
  const tags = ['two-factor'];
  const security = [{ bearer: [] }];
  // Code guessing is limited per user in the database; this only blunts floods.
  const config = { rateLimit: { max: 20, timeWindow: '1 minute' } };
  return { ctx, twoFactor, tags, security, config };
}

/** GET /users/2fa/status, POST /users/2fa/setup, POST /users/2fa/enable */
function enrolmentRoutes(app: RouteApp, { twoFactor, tags, security, config }: TwoFactorRoutesDeps) {
  app.get(
    '/users/2fa/status',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'Whether two-factor is on', response: { 200: Ok(TwoFactorStatus) } },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.status(request.userId, request.sessionId),
    }),
  );

  app.post(
    '/users/2fa/setup',
    {
      onRequest: [app.requireUser, app.requireReauth],
      config,
      schema: {
        tags,
        security,
        summary: 'Start enrolment: a new secret and its otpauth:// URI (draw the QR code locally)',
        response: { 200: Ok(TwoFactorSetupResult) },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.setup(request.userId) }),
  );

  app.post(
    '/users/2fa/enable',
    {
      onRequest: [app.requireUser, app.requireReauth],
      config,
      schema: {
        tags,
        security,
        summary: 'Confirm enrolment with a code; answers the recovery codes, shown only this once',
        body: TwoFactorCodeRequest,
        response: { 200: Ok(TwoFactorEnableResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.enable(request.userId, request.body.code),
    }),
  );
}

/** POST /users/2fa/recovery-codes */
function recoveryCodeRoutes(app: RouteApp, { twoFactor, tags, security, config }: TwoFactorRoutesDeps) {
  app.post(
    '/users/2fa/recovery-codes',
    {
      onRequest: [app.requireUser, app.requireReauth],
      config,
      schema: {
        tags,
        security,
        summary:
          'New recovery codes with a current authenticator code; the old ones stop working. Shown only this once; starts the security hold',
        body: TwoFactorCodeRequest,
        response: { 200: Ok(RecoveryCodesResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.renewRecoveryCodes(request.userId, request.body.code),
    }),
  );
}

/** POST /users/2fa/step-up, POST /users/2fa/disable */
function stepUpAndDisableRoutes(app: RouteApp, { twoFactor, tags, security, config }: TwoFactorRoutesDeps) {
  app.post(
    '/users/2fa/step-up',
    {
      onRequest: app.requireUser,
      config,
      schema: {
        tags,
        security,
        summary:
          "A code opens this session's step-up window (STEP_UP_MINUTES): confirming payments needs no new code in it; withdrawals always do",
        body: TwoFactorCodeRequest,
        response: { 200: Ok(StepUpResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.stepUp(request.userId, request.sessionId, request.body.code),
    }),
  );

  app.post(
    '/users/2fa/disable',
    {
      onRequest: [app.requireUser, app.requireReauth],
      config,
      schema: {
        tags,
        security,
        summary: 'Turn two-factor off with a current code or a recovery code',
        body: TwoFactorCodeRequest,
        response: { 200: Ok(TwoFactorDisableResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await twoFactor.disable(request.userId, request.body.code),
    }),
  );
}

type TwoFactorRoutesDeps = ReturnType<typeof twoFactorRoutesDeps>;

/** Two-factor enrolment from the profile, under /api/v1/users/2fa. */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  twoFactor: TwoFactorService;
}> = async (app, { ctx, twoFactor }) => {
  const deps = twoFactorRoutesDeps({ ctx, twoFactor });
  enrolmentRoutes(app, deps);
  stepUpAndDisableRoutes(app, deps);
  recoveryCodeRoutes(app, deps);
};
