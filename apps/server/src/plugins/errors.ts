import type { ErrorCode, ErrorEnvelope } from '@p2p/shared';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Also answer `errorCode` / `errorDetails` (the trade-creation result of spec 1 §7). */
    errorAliases?: boolean;
  }
}

function send(reply: FastifyReply, status: number, code: ErrorCode, error: string, details?: unknown) {
  const body: ErrorEnvelope & { errorCode?: ErrorCode; errorDetails?: unknown } = {
    success: false,
    error,
    code,
  };
  if (details !== undefined) body.details = details;
  if (reply.request.routeOptions.config?.errorAliases) {
    body.errorCode = code;
    if (details !== undefined) body.errorDetails = details;
  }
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
    default:
      return null;
  }
}

/** The one error handler: AppError and client errors become the envelope; 5xx hide internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, error.message, error.details);
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

export function sendNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 404, 'NOT_FOUND', `Маршрут ${method} ${url.split('?')[0]} не найден`);
}
