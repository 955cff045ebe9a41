import {
  type ErrorCode,
  httpStatusOf,
  isMessageKey,
  issueValues,
  type Lang,
  type MessageKey,
  type MessageValues,
  translate,
} from '@p2p/shared';

/**
 * A refusal the user can cause: it becomes the error envelope with the code's HTTP status.
 * The message is a key of the catalogue with its values; the error handler answers it in the
 * language the request asks for (docs/decisions/015). `message` is the Russian text, for logs.
 */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly values?: MessageValues,
    readonly details?: unknown,
  ) {
    super(translate('ru', key, values));
    this.name = 'AppError';
    this.statusCode = httpStatusOf(code);
  }

  /** The message in `lang`. */
  textIn(lang: Lang): string {
    return translate(lang, this.key, this.values);
  }
}

/** A rule the caller's standing breaks: 403 instead of RULE_VIOLATION's own status (docs/decisions/028). */
export class StandingError extends AppError {
  override readonly statusCode = 403;
}

/** What a schema's issue says: its message (a catalogue key of the shared schemas) and values. */
export interface SchemaIssue {
  message: string;
  path?: PropertyKey[];
}

/**
 * A payload that a schema refused inside a service rather than in the route's own validation:
 * 400 VALIDATION_ERROR in the words of the schema's first issue, as route validation answers.
 * The shared schemas speak in catalogue keys, so the issue's key is rendered with its values
 * (a bound's `{max}`, a rule's `params`); `fallback` answers when zod gave no issue or the
 * issue is zod's own English.
 */
export class SchemaRefusal extends AppError {
  constructor(issue: SchemaIssue | undefined, fallback: MessageKey, details?: unknown) {
    const known = issue && isMessageKey(issue.message) ? issue.message : undefined;
    super('VALIDATION_ERROR', known ?? fallback, known ? issueValues(issue as object) : undefined, details);
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

export const notFound = (key: MessageKey = 'errors.notFound') => new AppError('NOT_FOUND', key);
export const unauthorized = (key: MessageKey = 'errors.unauthorized') => new AppError('UNAUTHORIZED', key);
