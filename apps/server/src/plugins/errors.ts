import type { Socket } from 'node:net';
import {
  type ErrorCode,
  type ErrorEnvelope,
  isMessageKey,
  issueValues,
  type Lang,
  localizeMessage,
  type MessageKey,
  type MessageValues,
  translate,
} from '@p2p/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { requestLang } from '../lib/request-lang.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also answer `errorCode` / `errorDetails`, the trade-creation result's names for `code` / `details`. */
    errorAliases?: boolean;
  }
}

/** One field's refusal in `details.issues`: a catalogue key (or zod's own words) and its values. */
interface DetailIssue {
  path?: string;
  message?: unknown;
  values?: MessageValues;
}

/** Validation issues with their messages in the request's language (the values are not sent). */
function localizeDetails(lang: Lang, details: unknown): unknown {
  if (!details || typeof details !== 'object' || !('issues' in details)) return details;
  const { issues } = details as { issues: unknown };
  if (!Array.isArray(issues)) return details;
  return {
    ...details,
    issues: issues.map((issue: DetailIssue) => {
      if (typeof issue?.message !== 'string') return issue;
      const { values, ...rest } = issue;
      return { ...rest, message: localizeMessage(lang, issue.message, values) };
    }),
  };
}

/** A message as each language says it. */
type Text = (lang: Lang) => string;

/** The catalogue's message of `key` with its values. */
const say =
  (key: MessageKey, values?: MessageValues): Text =>
  (lang) =>
    translate(lang, key, values);

function send(
  reply: FastifyReply,
  { status, code, text, details }: { status: number; code: ErrorCode; text: Text; details?: unknown },
) {
  const lang = requestLang(reply.request);
  const body: ErrorEnvelope & { errorCode?: ErrorCode; errorDetails?: unknown } = {
    success: false,
    error: text(lang),
    code,
  };
  details = localizeDetails(lang, details);
  if (details !== undefined) body.details = details;
  // Framework errors (bad URL) are raised before routing: no route, no route config.
  if (reply.request.routeOptions?.config?.errorAliases) {
    body.errorCode = code;
    if (details !== undefined) body.errorDetails = details;
  }
  // A lock that knows its end says so in the standard header too (docs/decisions/023).
  const retryAfter = (details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (status === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.status(status).send(body);
}

const CLIENT_ERRORS: Record<number, { code: ErrorCode; key: MessageKey }> = {
  400: { code: 'BAD_REQUEST', key: 'errors.badRequest' },
  401: { code: 'UNAUTHORIZED', key: 'errors.unauthorized' },
  403: { code: 'FORBIDDEN', key: 'errors.forbidden' },
  404: { code: 'NOT_FOUND', key: 'errors.notFound' },
  405: { code: 'BAD_REQUEST', key: 'errors.methodNotAllowed' },
  406: { code: 'BAD_REQUEST', key: 'errors.notAcceptable' },
  413: { code: 'PAYLOAD_TOO_LARGE', key: 'errors.tooLarge' },
  414: { code: 'BAD_REQUEST', key: 'errors.urlTooLong' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', key: 'errors.unsupportedMedia' },
  429: { code: 'RATE_LIMITED', key: 'errors.rateLimited' },
};

/** Readable text for framework errors that users trigger by sending bad requests. */
function frameworkMessage(error: FastifyError): MessageKey | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'errors.badJson';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'errors.emptyJson';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'errors.tooLarge';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'errors.unsupportedMedia';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'errors.contentLength';
    case 'FST_ERR_BAD_URL':
      return 'errors.badUrl';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'errors.paramTooLong';
    default:
      return null;
  }
}

/** The one error handler: AppError and client errors become the envelope; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, {
        status: error.statusCode,
        code: error.code,
        text: (lang) => error.textIn(lang),
        details: error.details,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'errors.badValue',
        values: issueValues(v.params),
      }));
      const first = issues[0];
      // A shared schema's own message is a catalogue key; zod's own words (English) name the
      // field they are about (docs/decisions/015).
      const text: Text = !first
        ? say('errors.badRequestData')
        : isMessageKey(first.message)
          ? say(first.message, first.values)
          : () => `${first.path || error.validationContext}: ${first.message}`;
      return send(reply, { status: 400, code: 'VALIDATION_ERROR', text, details: { issues } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return send(reply, { status: 500, code: 'INTERNAL_ERROR', text: say('errors.internal') });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]!;
      return send(reply, { status, code: known.code, text: say(frameworkMessage(error) ?? known.key) });
    }
    request.log.error({ err: error }, 'unhandled error');
    if (status === 503) {
      return send(reply, { status: 503, code: 'SERVICE_UNAVAILABLE', text: say('errors.unavailable') });
    }
    return send(reply, { status: 500, code: 'INTERNAL_ERROR', text: say('errors.internal') });
  });
}

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or error
 * handler runs (a path that is not valid percent-encoding, a path parameter over
 * `maxParamLength`). Without it Fastify answers them in its own shape, outside the envelope.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]!;
    return send(reply, { status, code: known.code, text: say(frameworkMessage(error) ?? known.key) });
  }
  request.log.error({ err: error }, 'framework error');
  return send(reply, { status: 500, code: 'INTERNAL_ERROR', text: say('errors.internal') });
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, {
    status: 404,
    code: 'NOT_FOUND',
    text: say('errors.noRoute', { method, path: url.split('?')[0] ?? '' }),
  });
}

const RAW_CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'Время ожидания запроса истекло',
  },
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Слишком большие заголовки запроса',
  },
};

/**
 * Fastify's `clientErrorHandler` option: a request Node's HTTP parser could not read (broken
 * request line or headers) never reaches Fastify, so the envelope is written to the socket.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = RAW_CLIENT_ERRORS[error.code ?? ''] ?? {
    status: 400,
    reason: 'Bad Request',
    message: 'Некорректный HTTP-запрос',
  };
  const envelope: ErrorEnvelope = { success: false, error: known.message, code: 'BAD_REQUEST' };
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
