import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AfterResponseQueue, flushAfterResponse, withAfterResponse } from '../lib/after-response.ts';

declare module 'fastify' {
  interface FastifyRequest {
    afterResponse: AfterResponseQueue | null;
  }
}

/**
 * Gives every request a queue for work it causes but need not wait for (lib/after-response.ts)
 * and runs it once the response has been sent, or the client went away.
 */
export const afterResponsePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('afterResponse', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const queue: AfterResponseQueue = { jobs: [], flushed: false };
    request.afterResponse = queue;
    withAfterResponse(queue, done);
  });
  const flush = async (request: { afterResponse: AfterResponseQueue | null }) => {
    if (request.afterResponse) flushAfterResponse(request.afterResponse);
  };
  app.addHook('onResponse', flush);
  app.addHook('onRequestAbort', flush);
});
