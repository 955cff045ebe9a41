import { type ErrorCode, httpStatusOf, type MessageKey, type MessageValues, translate } from '@p2p/shared';

/** A message of the catalogue with its values, answered in the request's language. */
export interface LocalizedText {
  key: MessageKey;
  values?: MessageValues;
}

/**
 * A refusal the user can cause: it becomes the error envelope with the code's HTTP status.
 * The message is a Russian text of the catalogue, or a catalogue key with values; the error
 * handler answers either in the language the request asks for (docs/decisions/015).
 */
export class AppError extends Error {
  readonly statusCode: number;
  /** Set when the message was given as a key: the handler translates it with its values. */
  readonly text: LocalizedText | null;
  constructor(
    readonly code: ErrorCode,
    message: string | LocalizedText,
    readonly details?: unknown,
  ) {
    super(typeof message === 'string' ? message : translate('ru', message.key, message.values));
    this.name = 'AppError';
    this.statusCode = httpStatusOf(code);
    this.text = typeof message === 'string' ? null : message;
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
