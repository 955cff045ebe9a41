import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The Fastify instance a route plugin receives (zod type provider included): route files
 * register their handlers in small functions that take it.
 */
export type RouteApp = Parameters<FastifyPluginAsyncZod>[0];
