import {
  AdminLoginRequest,
  AdminLoginResult,
  AdminTokens,
  AdminView,
  LogoutRequest,
  MessageResult,
  Ok,
  RefreshRequest,
} from '@p2p/shared';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StaffAuthService } from './staff.service.ts';

/** Password guessing: 10 attempts a minute per IP (the global limit is far looser). */
const loginLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export const adminAuthRoutes: FastifyPluginAsyncZod<{
  auth: StaffAuthService;
  staffOnly: preHandlerAsyncHookHandler[];
}> = async (app, { auth, staffOnly }) => {
  const tags = ['admin'];
  const security = [{ bearer: [] }];

  app.post(
    '/auth/login',
    {
      config: loginLimit,
      schema: {
        tags,
        summary: 'Back-office sign-in with email and password',
        body: AdminLoginRequest,
        response: { 200: Ok(AdminLoginResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.login(request.body.email, request.body.password),
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
      preHandler: staffOnly,
      schema: { tags, security, summary: 'The signed-in staff member', response: { 200: Ok(AdminView) } },
    },
    async (request) => ({ success: true as const, data: await auth.active(request.staffId) }),
  );
};
