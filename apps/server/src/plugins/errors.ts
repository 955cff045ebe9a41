import type { Socket } from 'node:net';
import { type ErrorCode, type ErrorEnvelope, type Lang, localizeMessage, translate } from '@p2p/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';
import { requestLang } from '../lib/request-lang.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also answer `errorCode` / `errorDetails` (the trade-creation result of spec 1 §7). */
    errorAliases?: boolean;
  }
}

/** Validation issues with their messages in the request's language. */
function localizeDetails(lang: Lang, details: unknown): unknown {
  if (lang === 'ru' || !details || typeof details !== 'object' || !('issues' in details)) return details;
  const { issues } = details as { issues: unknown };
  if (!Array.isArray(issues)) return details;
  return {
    ...details,
    issues: issues.map((issue: { message?: unknown }) =>
      typeof issue?.message === 'string'
        ? { ...issue, message: localizeMessage(lang, issue.message) }
        : issue,
    ),
  };
}

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  error: string | { key: Parameters<typeof translate>[1]; values?: Parameters<typeof translate>[2] },
  details?: unknown,
) {
  const lang = requestLang(reply.request);
  const body: ErrorEnvelope & { errorCode?: ErrorCode; errorDetails?: unknown } = {
    success: false,
    error:
      typeof error === 'string' ? localizeMessage(lang, error) : translate(lang, error.key, error.values),
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

const CLIENT_ERRORS: Record<number, { code: ErrorCode; message: string }> = {
  400: { code: 'BAD_REQUEST', message: 'Некорректный запрос' },
  401: { code: 'UNAUTHORIZED', message: 'Необходима авторизация' },
  403: { code: 'FORBIDDEN', message: 'Доступ запрещен' },
  404: { code: 'NOT_FOUND', message: 'Не найдено' },
  405: { code: 'BAD_REQUEST', message: 'Метод не поддерживается' },
  406: { code: 'BAD_REQUEST', message: 'Формат ответа не поддерживается' },
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Слишком большой запрос' },
  414: { code: 'BAD_REQUEST', message: 'Слишком длинный адрес запроса' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Неподдерживаемый тип содержимого' },
  429: { code: 'RATE_LIMITED', message: 'Слишком много запросов, попробуйте позже' },
};

/** Readable text for framework errors that users trigger by sending bad requests. */
function frameworkMessage(error: FastifyError): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Некорректный JSON в теле запроса';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Пустое тело запроса с типом application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Слишком большой запрос';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Неподдерживаемый тип содержимого';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Длина тела запроса не совпадает с заголовком Content-Length';
    case 'FST_ERR_BAD_URL':
      return 'Некорректный адрес запроса: недопустимая кодировка символов';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'Слишком длинный параметр в адресе запроса';
    default:
      return null;
  }
}

/** The one error handler: AppError and client errors become the envelope; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, error.text ?? error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => {
        const path = (v.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        return { path, message: v.message ?? 'Некорректное значение' };
      });
      const first = issues[0];
      const custom = first && !/^(Invalid|Too|Unrecognized|Expected)/.test(first.message);
      const message = first
        ? custom
          ? first.message
          : `${first.path || error.validationContext}: ${first.message}`
        : 'Некорректные данные запроса';
      return send(reply, 400, 'VALIDATION_ERROR', message, { issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause }, 'response did not match its schema');
      return send(reply, 500, 'INTERNAL_ERROR', 'Внутренняя ошибка сервера');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = CLIENT_ERRORS[status] ?? CLIENT_ERRORS[400]!;
      return send(reply, status, known.code, frameworkMessage(error) ?? known.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    if (status === 503) {
      return send(reply, 503, 'SERVICE_UNAVAILABLE', 'Сервис временно недоступен');
    }
    return send(reply, 500, 'INTERNAL_ERROR', 'Внутренняя ошибка сервера');
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
    return send(reply, status, known.code, frameworkMessage(error) ?? known.message);
  }
  request.log.error({ err: error }, 'framework error');
  return send(reply, 500, 'INTERNAL_ERROR', 'Внутренняя ошибка сервера');
}

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 404, 'NOT_FOUND', `Маршрут ${method} ${url.split('?')[0]} не найден`);
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
