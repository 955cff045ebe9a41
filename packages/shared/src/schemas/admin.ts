import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { CRYPTO_DECIMALS, CRYPTOCURRENCIES, tryParseAmount } from '../money.ts';
import { text } from './text.ts';

/** Back-office form texts and the server's answers to the back office, as catalogue keys. */
export const AdminMessages = {
  fillAll: 'validation.admin.fillAll',
  badEmail: 'validation.admin.email',
  shortPassword: 'validation.admin.password',
  badCredentials: 'errors.staffLogin',
  badAmount: 'validation.admin.amount',
  /** With `{ decimals: CRYPTO_DECIMALS }`. */
  tooManyDecimals: 'validation.amount.maxDecimals',
  shortReason: 'validation.admin.reason',
  longReason: 'validation.admin.reasonTooLong',
  pickUserAndCurrency: 'validation.admin.userAndCrypto',
  userNotFound: 'errors.userNotFound',
} as const satisfies Record<string, MessageKey>;

export const ADMIN_PASSWORD_MIN = 6;
export const ADMIN_REASON_MIN = 5;
export const ADMIN_USERS_PAGE_SIZE = 20;
export const AUDIT_LOG_PAGE_SIZE = 50;

export const StaffRole = z.enum(['moderator', 'admin']);
export type StaffRole = z.infer<typeof StaffRole>;

export const AdminLoginRequest = z.object(
  {
    email: text({
      min: 1,
      max: 254,
      messages: {
        required: AdminMessages.fillAll,
        tooLong: AdminMessages.badEmail,
        badCharacters: AdminMessages.badEmail,
      },
    }).includes('@', { error: AdminMessages.badEmail }),
    // Compared as typed: never trimmed.
    password: text({
      min: 1,
      max: 256,
      trim: false,
      messages: { required: AdminMessages.fillAll, tooLong: AdminMessages.badCredentials },
    }).min(ADMIN_PASSWORD_MIN, AdminMessages.shortPassword),
    /** The authenticator code (or a recovery code), asked for once staff two-factor is on. */
    code: text({ max: 40 }).optional(),
  },
  { error: AdminMessages.fillAll },
);
export type AdminLoginRequest = z.infer<typeof AdminLoginRequest>;

/** Admin (firstName, lastName, email) plus its id and role. */
export const AdminView = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: StaffRole,
  twoFactorEnabled: z.boolean(),
  /** Two-factor is mandatory for this account (every staff role in production). */
  twoFactorRequired: z.boolean(),
});
export type AdminView = z.infer<typeof AdminView>;

export const AdminTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const AdminLoginResult = z.object({
  admin: AdminView,
  accessToken: z.string(),
  refreshToken: z.string(),
  /**
   * A staff member (any role) without two-factor in production: the session may only enrol
   * (GET/POST /admin/auth/2fa/*, /auth/me, /auth/logout); everything else answers
   * TWO_FACTOR_REQUIRED.
   */
  enrolmentRequired: z.boolean(),
});

/** Back-office pagination: page, limit, total, totalPages, hasPrev, hasNext. */
export const AdminPagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasPrev: z.boolean(),
  hasNext: z.boolean(),
});
export type AdminPagination = z.infer<typeof AdminPagination>;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = (fallback: number) => z.coerce.number().int().min(1).max(200).default(fallback);

export const AdminUsersQuery = z.object({
  page,
  limit: limit(ADMIN_USERS_PAGE_SIZE),
  search: text({ max: 100 }).optional(),
  userId: z.uuid({ error: 'validation.id' }).optional(),
});

/** A user as the back office sees them. */
export const AdminUserView = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string().nullable(),
  telegramId: z.string().nullable(),
  verified: z.boolean(),
  tradesCount: z.number().int(),
  createdAt: z.string(),
  /** Set while the user is blocked (no sign-in, no new trades, orders or withdrawals). */
  blockedAt: z.string().nullable(),
  blockReason: z.string().nullable(),
  /** Non-zero balances, by currency (decimal strings, 8 places). */
  balances: z.array(
    z.object({
      currency: z.enum(CRYPTOCURRENCIES),
      available: z.string(),
      locked: z.string(),
      total: z.string(),
    }),
  ),
});
export type AdminUserView = z.infer<typeof AdminUserView>;

export const AdminUsersResult = z.object({ users: z.array(AdminUserView), pagination: AdminPagination });

/** Amounts are decimal strings with 8 places. */
export const AdminBalanceView = z.object({
  available: z.string(),
  locked: z.string(),
  total: z.string(),
  lastUpdated: z.string(),
});
export const AdminUserBalancesResult = z.object({ balances: z.record(z.string(), AdminBalanceView) });

/** A positive crypto amount as a decimal string (a JSON number is refused: floats lose money). */
export const CryptoAmountString = text({ max: 40, messages: { required: AdminMessages.badAmount } })
  .regex(/^\d{1,10}(\.\d+)?$/, AdminMessages.badAmount)
  .refine((v) => (v.split('.')[1] ?? '').length <= CRYPTO_DECIMALS, {
    message: AdminMessages.tooManyDecimals,
    params: { decimals: CRYPTO_DECIMALS },
  })
  .refine((v) => (tryParseAmount(v, CRYPTO_DECIMALS) ?? 0n) > 0n, AdminMessages.badAmount);

export const BalanceOperationRequest = z.object({
  cryptocurrency: z.enum(CRYPTOCURRENCIES, { error: AdminMessages.pickUserAndCurrency }),
  amount: CryptoAmountString,
  reason: text({
    min: ADMIN_REASON_MIN,
    max: 500,
    messages: { required: AdminMessages.shortReason, tooLong: AdminMessages.longReason },
  }),
});
export type BalanceOperationRequest = z.infer<typeof BalanceOperationRequest>;

export const BalanceOperationResult = z.object({
  balance: z.object({
    currency: z.enum(CRYPTOCURRENCIES),
    available: z.string(),
    locked: z.string(),
    total: z.string(),
  }),
  ledgerTxId: z.uuid(),
});
export type BalanceOperationResult = z.infer<typeof BalanceOperationResult>;

export const AuditLogsQuery = z.object({
  page,
  limit: limit(AUDIT_LOG_PAGE_SIZE),
  adminId: z.uuid({ error: 'validation.id' }).optional(),
  action: text({ min: 1, max: 100 }).optional(),
  entityType: text({ min: 1, max: 100 }).optional(),
  /** ISO date or date-time; a bare date `to` includes that whole day (UTC). */
  from: text({ max: 40 })
    .refine((v) => !Number.isNaN(Date.parse(v)), 'bo.badDate')
    .optional(),
  to: text({ max: 40 })
    .refine((v) => !Number.isNaN(Date.parse(v)), 'bo.badDate')
    .optional(),
});

const JsonObject = z.record(z.string(), z.unknown()).nullable();

/** Audit log entry. */
export const AuditLogView = z.object({
  id: z.string(),
  createdAt: z.string(),
  admin: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  note: z.string().nullable(),
  beforeState: JsonObject,
  afterState: JsonObject,
  metadata: JsonObject,
});
export type AuditLogView = z.infer<typeof AuditLogView>;

export const AuditLogsResult = z.object({ logs: z.array(AuditLogView), pagination: AdminPagination });

/** Body of POST /admin/trades/{id}/resolve: the moderator's decision and its grounds. */
export const ResolveDisputeRequest = z.object({
  outcome: z.enum(['release', 'refund'], { error: 'errors.resolveChoice' }),
  note: text({
    min: 5,
    max: 1000,
    multiline: true,
    messages: { required: 'errors.resolveNote', tooShort: 'errors.resolveNoteShort' },
  }),
});
export type ResolveDisputeRequest = z.infer<typeof ResolveDisputeRequest>;

export const ResolveDisputeResult = z.object({
  tradeId: z.uuid(),
  status: z.enum(['COMPLETED', 'CANCELLED']),
  settlement: z.enum(['released', 'refunded']),
});
export type ResolveDisputeResult = z.infer<typeof ResolveDisputeResult>;

/** Facts beside a withdrawal request in the queue (issue 8). */
export const WithdrawalFacts = z.object({
  accountCreatedAt: z.string(),
  accountAgeDays: z.number().int(),
  completedTrades: z.number().int(),
  openDisputes: z.number().int(),
  /** Credited deposits of the last 7 days, per currency (decimal strings). */
  deposits7d: z.array(
    z.object({ currency: z.enum(CRYPTOCURRENCIES), count: z.number().int(), amount: z.string() }),
  ),
  /** Other withdrawals to the same address (this one not counted). */
  addressUsedBefore: z.object({ byThisUser: z.number().int(), byOtherUsers: z.number().int() }),
  userBlocked: z.boolean(),
});
export type WithdrawalFacts = z.infer<typeof WithdrawalFacts>;

/** Page arithmetic shared by the back-office lists. */
export function paginationOf(pageNo: number, pageSize: number, total: number): AdminPagination {
  const totalPages = Math.ceil(total / pageSize);
  return {
    page: pageNo,
    limit: pageSize,
    total,
    totalPages,
    hasPrev: pageNo > 1,
    hasNext: pageNo < totalPages,
  };
}
