import {
  AdminLoginRequest,
  AdminLoginResult,
  AdminTokens,
  AdminView,
  LogoutRequest,
  MessageResult,
  Ok,
  RefreshRequest,
  StaffTwoFactorStatus,
  TwoFactorCodeRequest,
  TwoFactorDisableResult,
  TwoFactorEnableResult,
  TwoFactorSetupResult,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import { insertAuditEntry } from '../audit-log/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { actorOf, type StaffAccess, staffOf } from './access.ts';
import type { StaffAuthService } from './staff.service.ts';

/** Password guessing: 10 attempts a minute per IP (the global limit is far looser). */
const loginLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** What the handlers of `adminAuthRoutes` share. */
function adminAuthRoutesDeps({
  ctx,
  auth,
  access,
  twoFactor,
}: {
  ctx: AppContext;
  auth: StaffAuthService;
  access: StaffAccess;
  twoFactor: TwoFactorService;
}) {
  // Enrolment must stay reachable for an admin who has to enrol before anything else.
  const staffOnly = access.session;
  const tags = ['admin'];
  const security = [{ bearer: [] }];
  return { ctx, auth, access, staffOnly, twoFactor, tags, security };
}

/** POST /auth/login, POST /auth/refresh, POST /auth/logout, GET /auth/me */
function sessionRoutes(app: RouteApp, { auth, staffOnly, tags, security }: AdminAuthRoutesDeps) {
  app.post(
    '/auth/login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary:
          'Back-office sign-in with email and password, and the authenticator code once two-factor is on (403 TWO_FACTOR_REQUIRED without it)',
        body: AdminLoginRequest,
        response: { 200: Ok(AdminLoginResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.login(request.body.email, request.body.password, request.body.code),
    }),
  );

  app.post(
    '/auth/refresh',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Rotate the back-office refresh token',
        body: RefreshRequest,
        response: { 200: Ok(AdminTokens) },
      },
    },
    async (request) => ({ success: true as const, data: await auth.refresh(request.body.refreshToken) }),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        security,
        summary: 'End the back-office session',
        // A body-less POST arrives as null: the bearer token alone is enough.
        body: LogoutRequest.nullish(),
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => {
      const claims = request.claims;
      await auth.logout(claims?.audience === 'staff' ? claims.sessionId : null, request.body?.refreshToken);
      return { success: true as const, data: { message: 'Вы вышли из системы' } };
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: staffOnly,
      schema: { tags, security, summary: 'The signed-in staff member', response: { 200: Ok(AdminView) } },
    },
    async (request) => ({ success: true as const, data: await auth.active(request.staffId) }),
  );
}

/** GET /auth/2fa, POST /auth/2fa/setup */
function twoFactorStateRoutes(app: RouteApp, { staffOnly, twoFactor, tags, security }: AdminAuthRoutesDeps) {
  app.get(
    '/auth/2fa',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: "The staff member's two-factor state",
        response: { 200: Ok(StaffTwoFactorStatus) },
      },
    },
    async (request) => ({
      success: true as const,
      data: {
        ...(await twoFactor.status(request.staffId)),
        required: staffOf(request).twoFactorRequired,
      },
    }),
  );

  app.post(
    '/auth/2fa/setup',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Start staff two-factor enrolment: a new TOTP secret and its otpauth URI',
        response: { 200: Ok(TwoFactorSetupResult) },
      },
    },
    async (request) => ({ success: true as const, data: await twoFactor.setup(request.staffId) }),
  );
}

/** POST /auth/2fa/enable, POST /auth/2fa/disable */
function twoFactorSwitchRoutes(
  app: RouteApp,
  { ctx, staffOnly, twoFactor, tags, security }: AdminAuthRoutesDeps,
) {
  /** Enabling and disabling are staff actions: audited with IP and user agent. */
  const audited = async (request: Parameters<typeof actorOf>[0], action: string) => {
    const actor = actorOf(request);
    await insertAuditEntry(ctx.db, {
      staffId: actor.staffId,
      action,
      entityType: 'staff',
      entityId: actor.staffId,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent,
      note: null,
      beforeState: { twoFactor: action === 'staff.2fa_enable' ? 'off' : 'on' },
      afterState: { twoFactor: action === 'staff.2fa_enable' ? 'on' : 'off' },
      metadata: null,
      createdAt: ctx.clock.now(),
    });
  };

  app.post(
    '/auth/2fa/enable',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Confirm staff two-factor with a code; answers the recovery codes once (audited)',
        body: TwoFactorCodeRequest,
        response: { 200: Ok(TwoFactorEnableResult) },
      },
    },
    async (request) => {
      const data = await twoFactor.enable(request.staffId, request.body.code);
      await audited(request, 'staff.2fa_enable');
      return { success: true as const, data };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: staffOnly,
      schema: {
        tags,
        security,
        summary: 'Turn staff two-factor off with a code or a recovery code (audited)',
        body: TwoFactorCodeRequest,
        response: { 200: Ok(TwoFactorDisableResult) },
      },
    },
    async (request) => {
      const data = await twoFactor.disable(request.staffId, request.body.code);
      await audited(request, 'staff.2fa_disable');
      return { success: true as const, data };
    },
  );
}

type AdminAuthRoutesDeps = ReturnType<typeof adminAuthRoutesDeps>;

export const adminAuthRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  auth: StaffAuthService;
  access: StaffAccess;
  twoFactor: TwoFactorService;
}> = async (app, { ctx, auth, access, twoFactor }) => {
  const deps = adminAuthRoutesDeps({ ctx, auth, access, twoFactor });
  sessionRoutes(app, deps);
  twoFactorStateRoutes(app, deps);
  twoFactorSwitchRoutes(app, deps);
};
