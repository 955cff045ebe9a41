import {
  AuthConfigResult,
  AuthResult,
  AuthTokens,
  DevCodeResult,
  DevLoginRequest,
  DevUsersResult,
  LogoutRequest,
  MessageResult,
  Ok,
  ReauthRequest,
  ReauthResult,
  RefreshRequest,
  TelegramLoginRequest,
  TelegramWebAppLoginRequest,
  TIME_ZONE_HEADER,
  UserResult,
} from '@p2p/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { SignInOrigin } from '../../lib/sign-in-origin.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { findUserById, type UsersService, userBlocked } from '../users/index.ts';
import { type AuthService, signInTimeZone } from './auth.service.ts';

/** Sign-in rate limit: per IP, tighter than the global one. */
const signInLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

/** The zone, device and IP of a sign-in request (docs/decisions/030, 033). */
function originOf(request: FastifyRequest, timeZone: string | undefined): SignInOrigin {
  const userAgent = request.headers['user-agent'];
  return {
    timeZone,
    userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : undefined,
    ip: request.ip,
  };
}

/** What the handlers of `authRoutes` share. */
function authRoutesDeps({
  ctx,
  auth,
  users,
  twoFactor,
}: {
  ctx: AppContext;
  auth: AuthService;
  users: UsersService;
  twoFactor: TwoFactorService;
}) {
  const tags = ['auth'];
  return { ctx, auth, users, twoFactor, tags };
}

/** GET /auth/config, POST /auth/telegram, POST /auth/telegram/webapp, POST /auth/dev-login */
function signInRoutes(app: RouteApp, { ctx, auth, tags }: AuthRoutesDeps) {
  app.get(
    '/auth/config',
    { schema: { tags, summary: 'Which sign-in methods are on', response: { 200: Ok(AuthConfigResult) } } },
    async () => ({
      success: true as const,
      data: {
        telegramBotUsername: ctx.config.telegram?.botUsername ?? null,
        telegramBotId: ctx.config.telegram?.botToken.split(':')[0] ?? null,
        devLogin: ctx.config.devLogin,
      },
    }),
  );

  app.post(
    '/auth/telegram',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Sign in with the Telegram Login Widget',
        body: TelegramLoginRequest,
        response: { 200: Ok(AuthResult) },
      },
    },
    async (request) => {
      const zone = signInTimeZone(request.headers[TIME_ZONE_HEADER]);
      return {
        success: true as const,
        data: await auth.signInWithWidget(request.body, originOf(request, zone)),
      };
    },
  );

  app.post(
    '/auth/telegram/webapp',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Sign in from a Telegram Mini App (initData)',
        body: TelegramWebAppLoginRequest,
        response: { 200: Ok(AuthResult) },
      },
    },
    async (request) => {
      const zone = signInTimeZone(request.headers[TIME_ZONE_HEADER]);
      return {
        success: true as const,
        data: await auth.signInWithWebApp(request.body.initData, originOf(request, zone)),
      };
    },
  );

  app.post(
    '/auth/dev-login',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Development sign-in (AUTH_DEV_LOGIN=1 only)',
        body: DevLoginRequest,
        response: { 200: Ok(AuthResult) },
      },
    },
    async (request) => {
      if (!ctx.config.devLogin) throw new AppError('NOT_FOUND', 'errors.routeNotFound');
      const zone = signInTimeZone(request.headers[TIME_ZONE_HEADER]);
      return {
        success: true as const,
        data: await auth.signInDev(request.body.username, originOf(request, zone)),
      };
    },
  );
}

/** GET /auth/dev-users, GET /auth/dev-code, POST /auth/refresh */
function devAndRefreshRoutes(app: RouteApp, { ctx, users, twoFactor, tags }: AuthRoutesDeps) {
  app.get(
    '/auth/dev-users',
    {
      schema: {
        tags,
        summary: 'Users offered by the development sign-in picker',
        response: { 200: Ok(DevUsersResult) },
      },
    },
    async () => {
      if (!ctx.config.devLogin) throw new AppError('NOT_FOUND', 'errors.routeNotFound');
      return { success: true as const, data: { users: await users.devPickerUsers() } };
    },
  );

  app.get(
    '/auth/dev-code',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The signed-in demo user's current authenticator code (AUTH_DEV_LOGIN=1 only)",
        response: { 200: Ok(DevCodeResult) },
      },
    },
    async (request) => {
      if (!ctx.config.devLogin) throw new AppError('NOT_FOUND', 'errors.routeNotFound');
      return { success: true as const, data: { totpCode: await twoFactor.demoCode(request.userId) } };
    },
  );

  app.post(
    '/auth/refresh',
    {
      config: signInLimit,
      schema: {
        tags,
        summary: 'Rotate the refresh token',
        body: RefreshRequest,
        response: { 200: Ok(AuthTokens) },
      },
    },
    async (request) => {
      const { subjectId, tokens } = await ctx.sessions.refresh('user', request.body.refreshToken);
      const user = await findUserById(ctx.db, subjectId);
      if (!user || user.blockedAt) {
        // Blocked since the session began: the fresh pair is revoked before anyone sees it.
        const sessionId = await ctx.sessions.sessionOfRefreshToken(tokens.refreshToken);
        if (sessionId) await ctx.sessions.revoke(sessionId, 'user_blocked');
        throw userBlocked();
      }
      return { success: true as const, data: tokens };
    },
  );
}

/** POST /auth/logout, POST /auth/reauth, GET /auth/me (end-all: api-keys/end-all.routes.ts) */
function sessionEndAndMeRoutes(app: RouteApp, { ctx, auth, users, tags }: AuthRoutesDeps) {
  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: 'End the session (access and refresh tokens)',
        // A body-less POST arrives as null: logging out with just the bearer token is allowed.
        body: LogoutRequest.nullish(),
        response: { 200: Ok(MessageResult) },
      },
    },
    async (request) => {
      const claims = request.claims;
      if (claims?.audience === 'user') await ctx.sessions.revoke(claims.sessionId, 'logout');
      const token = request.body?.refreshToken;
      if (token) {
        const sessionId = await ctx.sessions.sessionOfRefreshToken(token);
        if (sessionId) await ctx.sessions.revoke(sessionId, 'logout');
      }
      return { success: true as const, data: { message: 'Вы вышли из системы' } };
    },
  );

  app.post(
    '/auth/reauth',
    {
      onRequest: app.requireUser,
      config: signInLimit,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary:
          "Re-authenticate this session with a fresh Telegram sign-in of the account's own id (5 minutes old at most); answers the X-Reauth-Token security changes need (5 minutes, this session only)",
        body: ReauthRequest,
        response: { 200: Ok(ReauthResult) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await auth.reauthenticate(request.userId, request.sessionId, request.body),
    }),
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: Ok(UserResult.shape.user) },
      },
    },
    async (request) => ({ success: true as const, data: await users.me(request.userId) }),
  );
}

type AuthRoutesDeps = ReturnType<typeof authRoutesDeps>;

export const authRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  auth: AuthService;
  users: UsersService;
  twoFactor: TwoFactorService;
}> = async (app, { ctx, auth, users, twoFactor }) => {
  const deps = authRoutesDeps({ ctx, auth, users, twoFactor });
  signInRoutes(app, deps);
  devAndRefreshRoutes(app, deps);
  sessionEndAndMeRoutes(app, deps);
};
