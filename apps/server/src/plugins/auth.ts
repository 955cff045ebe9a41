import { REAUTH_HEADER } from '@p2p/shared';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context.ts';
import { AppError, unauthorized } from '../errors.ts';
import { noteUsersSeen } from '../modules/orders/index.ts';
import { type AccessClaims, type Audience, requireReauth } from '../modules/sessions/index.ts';
import { apiKeyHooks, signedWithKey } from './api-key-auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Verified access-token claims (signature, audience, expiry); session not yet checked. */
    claims: { audience: Audience; subjectId: string; sessionId: string } | null;
    /**
     * Set by requireUser once the session is known to be live; by requireUserToken from the
     * token alone, with `pendingSessionId` for the handler's own statement to check.
     */
    userId: string;
    /** The live session requireUser checked (its step-up window, "end all sessions"). */
    sessionId: string;
    pendingSessionId: string;
    /** Set by requireStaff once the session is known to be live. */
    staffId: string;
  }
  interface FastifyInstance {
    requireUser: onRequestAsyncHookHandler;
    requireUserToken: onRequestAsyncHookHandler;
    requireStaff: onRequestAsyncHookHandler;
    /**
     * After `requireUser`: a security change needs `X-Reauth-Token`, a live re-authentication
     * of this very session (docs/decisions/033); else 403 REAUTH_REQUIRED.
     */
    requireReauth: onRequestAsyncHookHandler;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer ([A-Za-z0-9._-]{10,4096})$/.exec(header);
  return match?.[1] ?? null;
}

/**
 * Authorization lines of the raw request. Node keeps only the first of several, while a proxy
 * in front may have acted on another: credentials that say two things are refused outright.
 */
function authorizationLines(request: FastifyRequest): number {
  const raw = request.raw.rawHeaders;
  let lines = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'authorization') lines++;
  return lines;
}

/**
 * "Online" status: remember activity, written at most once a minute per user. The same
 * statement brings back the user's orders hidden while they were away (docs/decisions/028).
 */
function activityNoter(ctx: AppContext) {
  const lastSeenWritten = new Map<string, number>();
  return async (userId: string) => {
    const now = ctx.clock.now().getTime();
    if ((lastSeenWritten.get(userId) ?? 0) < now - 60_000) {
      lastSeenWritten.set(userId, now);
      if (lastSeenWritten.size > 50_000) lastSeenWritten.clear();
      await noteUsersSeen(ctx, [userId], new Date(now));
    }
  };
}

/**
 * Reads the bearer token on every request, and offers `requireUser` / `requireStaff` hooks
 * that also check the session is live. Routes run them as `onRequest` hooks: a caller who may
 * not call a route is refused (401/403) before its body is read or validated (400), and rate
 * limits (a later stage) key on the subject of a live session only.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  const { ctx } = opts;
  app.decorateRequest('claims', null);
  app.decorateRequest('userId', '');
  app.decorateRequest('sessionId', '');
  app.decorateRequest('pendingSessionId', '');
  app.decorateRequest('staffId', '');

  app.addHook('onRequest', async (request) => {
    if (authorizationLines(request) > 1) {
      throw new AppError('BAD_REQUEST', 'errors.authHeaderTwice');
    }
    // A signed request (merchant API) authenticates by its signature, never by a token.
    if (signedWithKey(request)) return;
    const token = bearer(request);
    if (!token) return;
    // A token is for users or for staff; the audience says which.
    let claims: AccessClaims | null = await ctx.tokens.verifyAccess('user', token);
    if (claims) {
      request.claims = { audience: 'user', ...claims };
      return;
    }
    claims = await ctx.tokens.verifyAccess('staff', token);
    if (claims) request.claims = { audience: 'staff', ...claims };
  });

  const noteActivity = activityNoter(ctx);
  const admitKey = apiKeyHooks(app, ctx);

  app.decorate('requireReauth', async (request: FastifyRequest) => {
    await requireReauth(ctx.db, {
      header: request.headers[REAUTH_HEADER],
      sessionId: request.sessionId,
      userId: request.userId,
      now: ctx.clock.now(),
    });
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    if (signedWithKey(request)) return admitKey(request);
    const claims = request.claims;
    if (claims?.audience !== 'user') throw unauthorized();
    if (!(await ctx.sessions.isActive(claims.sessionId, 'user', claims.subjectId))) {
      throw unauthorized('errors.sessionExpired');
    }
    request.userId = claims.subjectId;
    request.sessionId = claims.sessionId;
    await noteActivity(claims.subjectId);
  });

  /**
   * For a route whose handler checks the session inside its own first statement (a trade
   * action: the statement that locks the trade), saving a round trip: the token is verified
   * here, and the handler MUST pass `pendingSessionId` on to that check. The activity mark
   * waits for the session to be confirmed live (a successful answer).
   */
  app.decorate('requireUserToken', async (request: FastifyRequest) => {
    if (signedWithKey(request)) return admitKey(request);
    const claims = request.claims;
    if (claims?.audience !== 'user') throw unauthorized();
    request.userId = claims.subjectId;
    request.pendingSessionId = claims.sessionId;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.pendingSessionId && reply.statusCode < 400) await noteActivity(request.userId);
  });

  app.decorate('requireStaff', async (request: FastifyRequest) => {
    const claims = request.claims;
    if (claims?.audience !== 'staff') throw unauthorized();
    if (!(await ctx.sessions.isActive(claims.sessionId, 'staff', claims.subjectId))) {
      throw unauthorized('errors.sessionExpired');
    }
    request.staffId = claims.subjectId;
  });
});
