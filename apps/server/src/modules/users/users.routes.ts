import {
  DisplayNameRequest,
  IdParams,
  Ok,
  PublicProfile,
  TimeZoneRequest,
  UpdateMeRequest,
  UpdateProfileRequest,
  UserResult,
  UserView,
} from '@p2p/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import type { RouteApp } from '../../lib/route-app.ts';
import type { UsersService } from './users.service.ts';

/** What the handlers of `usersRoutes` share. */
function usersRoutesDeps({ ctx, users }: { ctx: AppContext; users: UsersService }) {
  const tags = ['users'];
  const security = [{ bearer: [] }];
  return { ctx, users, tags, security };
}

/** GET /users/me, PUT /users/me, PUT /users/me/time-zone, PUT /users/profile, POST /users/display-name */
function ownProfileRoutes(app: RouteApp, { users, tags, security }: UsersRoutesDeps) {
  app.get(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'My user record', response: { 200: Ok(UserView) } },
    },
    async (request) => ({ success: true as const, data: await users.me(request.userId) }),
  );

  app.put(
    '/users/me',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Update display_name or use_custom_profile',
        body: UpdateMeRequest,
        response: { 200: Ok(UserView) },
      },
    },
    async (request) => {
      const { display_name, use_custom_profile } = request.body;
      const data = await users.update(request.userId, {
        displayName: display_name,
        useCustomProfile: use_custom_profile,
      });
      return { success: true as const, data };
    },
  );

  app.put(
    '/users/me/time-zone',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Set my IANA time zone (the bot writes times in it)',
        body: TimeZoneRequest,
        response: { 200: Ok(UserView) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await users.setTimeZone(request.userId, request.body.timeZone),
    }),
  );

  app.put(
    '/users/profile',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Update the custom profile',
        body: UpdateProfileRequest,
        response: { 200: Ok(UserView) },
      },
    },
    async (request) => ({ success: true as const, data: await users.update(request.userId, request.body) }),
  );

  app.post(
    '/users/display-name',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Set the display name (welcome dialog)',
        body: DisplayNameRequest,
        response: { 200: Ok(UserResult) },
      },
    },
    async (request) => {
      const user = await users.update(request.userId, { displayName: request.body.display_name });
      return { success: true as const, data: { user } };
    },
  );
}

/** GET /users/:id */
function publicProfileRoutes(app: RouteApp, { users, tags }: UsersRoutesDeps) {
  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Public profile with reviews',
        params: IdParams,
        response: { 200: Ok(PublicProfile) },
      },
    },
    async (request) => {
      const profile = await users.publicProfile(request.params.id);
      return { success: true as const, data: profile };
    },
  );
}

type UsersRoutesDeps = ReturnType<typeof usersRoutesDeps>;

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; users: UsersService }> = async (
  app,
  { ctx, users },
) => {
  const deps = usersRoutesDeps({ ctx, users });
  ownProfileRoutes(app, deps);
  publicProfileRoutes(app, deps);
};
