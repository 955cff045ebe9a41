import { hasUnstorableCharacters, type MessageKey } from '@p2p/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

/** No request of this API nests deeper than a few levels; 32 leaves room and bounds the walk. */
export const MAX_INPUT_DEPTH = 32;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The guard's refusals (`characters` says what the text schema's TEXT_BAD_CHARACTERS says). */
export const InputGuardMessages = {
  characters: 'errors.inputCharacters',
  depth: 'errors.inputDepth',
  key: 'errors.inputKey',
} as const satisfies Record<string, MessageKey>;

interface Problem {
  path: string;
  key: MessageKey;
}

const problemAt = (path: string[], key: MessageKey): Problem => ({ path: path.join('.'), key });

/**
 * The first problem in a parsed request part, walked without recursion so that no input can
 * exhaust the stack: a string (value or key) with NUL or a lone surrogate, a key that reaches
 * prototypes, or nesting deeper than MAX_INPUT_DEPTH.
 */
export function findInputProblem(root: unknown): Problem | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: string[] };
    if (typeof value === 'string') {
      if (hasUnstorableCharacters(value)) return problemAt(path, InputGuardMessages.characters);
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) return problemAt(path, InputGuardMessages.depth);
    for (const [key, child] of Object.entries(value)) {
      const childPath = [...path, key];
      if (hasUnstorableCharacters(key)) return problemAt(childPath, InputGuardMessages.characters);
      if (FORBIDDEN_KEYS.has(key)) return problemAt(childPath, InputGuardMessages.key);
      stack.push({ value: child, path: childPath });
    }
  }
  return null;
}

const SCHEMA_OF = { params: 'params', query: 'querystring', body: 'body' } as const;

/** Whether the route's own schema refuses this part of the request as well. */
function routeRefuses(request: FastifyRequest, part: keyof typeof SCHEMA_OF): boolean {
  const schema = request.routeOptions.schema?.[SCHEMA_OF[part]] as { safeParse?: unknown } | undefined;
  if (typeof schema?.safeParse !== 'function') return false;
  try {
    return !(schema as { safeParse(v: unknown): { success: boolean } }).safeParse(request[part]).success;
  } catch {
    return false;
  }
}

function guard(request: FastifyRequest): void {
  for (const part of ['params', 'query', 'body'] as const) {
    const problem = findInputProblem(request[part]);
    if (!problem) continue;
    // The route's schema refuses it too: validation answers, in the field's own words.
    if (routeRefuses(request, part)) return;
    throw new AppError('VALIDATION_ERROR', problem.key, undefined, {
      issues: [{ path: problem.path, message: problem.key }],
      location: part,
    });
  }
}

/**
 * The last line of defence under the schemas (docs/decisions/013-input-hardening.md): before
 * any route validates, a request carrying what no route accepts anywhere is refused with 400.
 * Every route's schema refuses these too, and then its validation answers; this hook is for
 * the route whose schema forgot, and for what a schema would silently strip.
 */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => guard(request));
});
