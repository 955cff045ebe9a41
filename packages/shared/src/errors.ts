/**
 * Machine-readable error codes of the wire contract, with their HTTP status.
 * The server answers `{ success: false, error, code, details? }`; the web app decides by `code`.
 */
export const ErrorCodes = {
  /** Request body, query or params failed schema validation. */
  VALIDATION_ERROR: 400,
  /** Malformed request the schema could not even read (bad JSON, wrong content type). */
  BAD_REQUEST: 400,
  /** A business rule refused the request (limits, own order, insufficient balance...). */
  RULE_VIOLATION: 400,
  /** The user's available balance does not cover the operation. */
  INSUFFICIENT_BALANCE: 400,
  /** Trading against one's own order. */
  OWN_ORDER: 400,
  /** Missing, invalid, expired or revoked credentials. */
  UNAUTHORIZED: 401,
  /** Authenticated, but not allowed to do this. */
  FORBIDDEN: 403,
  /**
   * Money would leave the account without its owner's second factor: `details.reason` is
   * `not_enabled` (enrol first), `missing` or `invalid` (the code).
   */
  TWO_FACTOR_REQUIRED: 403,
  /**
   * A security change (two-factor, keys, webhooks, addresses, Telegram) needs a fresh Telegram
   * sign-in of the account's own id: `POST /auth/reauth`, then `X-Reauth-Token` (docs/decisions/033).
   */
  REAUTH_REQUIRED: 403,
  /**
   * Money cannot leave the account for a while after a security change: `details.until` (ISO)
   * says when it may again (docs/decisions/033).
   */
  SECURITY_HOLD: 403,
  /** A trading limit of the account refuses this (new account, cancellations, lost disputes). */
  LIMIT_REACHED: 403,
  /** No such resource, or the caller may not know it exists. */
  NOT_FOUND: 404,
  /** The action is not allowed in the current state ('Действие недоступно'). */
  ACTION_NOT_AVAILABLE: 409,
  /** A conflicting concurrent change or a duplicate. */
  CONFLICT: 409,
  /**
   * A swap offer priced more than 20 % away from the market (or with no market price to compare):
   * repeat with `confirm_price: true`. `details`: `reason` (`deviation` / `market_unavailable`),
   * `deviationBp`, `price`, `marketPrice` (docs/decisions/026).
   */
  PRICE_CONFIRMATION_REQUIRED: 409,
  /** Same Idempotency-Key reused with a different request. */
  IDEMPOTENCY_MISMATCH: 422,
  /** Body or upload larger than allowed. */
  PAYLOAD_TOO_LARGE: 413,
  /** Content type or file type not accepted. */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** Too many requests from this IP or user. */
  RATE_LIMITED: 429,
  /** Unexpected server failure; details are never exposed. */
  INTERNAL_ERROR: 500,
  /** A dependency (database, price feed, Telegram config) is unavailable. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ErrorCodes;

export function httpStatusOf(code: ErrorCode): number {
  return ErrorCodes[code];
}

/** Error envelope as it travels on the wire. */
export interface ErrorEnvelope {
  success: false;
  error: string;
  code: ErrorCode;
  details?: unknown;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ErrorCodes, value);
}
