import { type ErrorCode, httpStatusOf } from '@p2p/shared';

/** A refusal the user can cause: it becomes the error envelope with the code's HTTP status. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = httpStatusOf(code);
  }
}

/** A state that must be impossible. It aborts the transaction and surfaces as a 500. */
export class InvariantViolation extends Error {
  constructor(message: string) {
    super(`Invariant violated: ${message}`);
    this.name = 'InvariantViolation';
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantViolation(message);
}

export const notFound = (message = 'Не найдено') => new AppError('NOT_FOUND', message);
export const unauthorized = (message = 'Необходима авторизация') => new AppError('UNAUTHORIZED', message);
