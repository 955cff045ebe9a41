import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { isMigrated } from '../db/migrate.ts';

const Health = z.object({
  status: z.string(),
  database: z.string().optional(),
  engine: z.string().optional(),
});

/** /healthz: the process answers. /readyz: the database answers and is fully migrated. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/healthz', { schema: { tags: ['health'], response: { 200: Health } } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      try {
        await ctx.db.execute(sql`SELECT 1`);
        if (!(await isMigrated(ctx.database))) {
          return reply.status(503).send({ status: 'not_ready', database: 'migrations pending' });
        }
        return { status: 'ready', database: 'ok', engine: ctx.database.engine };
      } catch {
        return reply.status(503).send({ status: 'not_ready', database: 'unreachable' });
      }
    },
  );
};
