import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { CRYPTOCURRENCIES } from '../money.ts';
import { TRADE_STATUSES } from '../trade-machine.ts';
import { WITHDRAWAL_STATUSES } from '../withdrawal-rules.ts';
import { AdminPagination, AdminUserView, AdminView, StaffRole } from './admin.ts';
import { ChatMessage, MessageContent } from './chat.ts';
import { DepositView } from './deposits.ts';
import { text } from './text.ts';
import { EscrowView, EvidenceParty, EvidenceRequestView, TradeView } from './trades.ts';

/**
 * The back office of issue 8 (docs/decisions/016-back-office.md). Every path is under
 * /api/v1/admin; "mod" = moderator or admin, "admin" = admins only.
 *
 *   GET    /admin/dashboard                       mod    -> AdminDashboard
 *   GET    /admin/staff                           mod    -> StaffList
 *   POST   /admin/staff                           admin  CreateStaffRequest -> StaffMember
 *   PATCH  /admin/staff/:id                       admin  UpdateStaffRequest -> StaffMember
 *   GET    /admin/auth/2fa                        mod    -> StaffTwoFactorStatus
 *   POST   /admin/auth/2fa/setup                  mod    -> TwoFactorSetupResult (two-factor.ts)
 *   POST   /admin/auth/2fa/enable                 mod    TwoFactorCodeRequest -> TwoFactorEnableResult
 *   POST   /admin/auth/2fa/disable                mod    TwoFactorCodeRequest -> TwoFactorDisableResult
 *   POST   /admin/auth/login                      anon   AdminLoginRequest (+ code) -> AdminLoginResult
 *          (2FA on and no/wrong code -> 403 TWO_FACTOR_REQUIRED; staff of any role without
 *          2FA in production get `enrolmentRequired: true` and may only use /auth/me,
 *          /auth/2fa/*, /auth/logout until enrolled -> others answer 403 TWO_FACTOR_REQUIRED;
 *          5 wrong passwords of one account within 15 min -> 429 RATE_LIMITED for 15 min,
 *          `details.retryAfterSeconds`, alike for addresses without an account)
 *   GET    /admin/users                           mod    AdminUsersQuery -> AdminUsersResult (rows with balances, block state)
 *   GET    /admin/users/:id                       mod    -> AdminUserPage
 *   GET    /admin/users/:id/notes                 mod    -> StaffNoteList
 *   POST   /admin/users/:id/notes                 mod    StaffNoteRequest -> StaffNoteView
 *   POST   /admin/users/:id/block                 admin  BlockUserRequest -> AdminUserView
 *   POST   /admin/users/:id/unblock               admin  BlockUserRequest -> AdminUserView
 *   GET    /admin/users/:id/limits                mod    -> AdminTradeLimits (schemas/limits.ts)
 *   POST   /admin/users/:id/limits/lift           admin  LiftLimitsRequest -> AdminTradeLimits
 *   GET    /admin/withdrawals                     mod    -> AdminWithdrawalsResult; each row has `facts` (WithdrawalFacts)
 *   GET    /admin/audit-logs                      mod    AuditLogsQuery (+ from, to) -> AuditLogsResult
 *   GET    /admin/disputes                        mod    DisputeQueueQuery -> DisputeQueue (oldest first)
 *   GET    /admin/disputes/:id                    mod    -> DisputeCase (:id is the trade id)
 *   POST   /admin/disputes/:id/take               mod    -> DisputeOwnership (409 CONFLICT if another owner)
 *   POST   /admin/disputes/:id/release            mod    -> DisputeOwnership (owner or admin)
 *   POST   /admin/disputes/:id/messages           mod    ModeratorMessageRequest -> ChatMessage (type MODERATOR)
 *   POST   /admin/disputes/:id/evidence           mod    EvidenceRequestCreate -> EvidenceRequestView (owner or admin)
 *   POST   /admin/trades/:id/resolve              mod    ResolveDisputeRequest -> ResolveDisputeResult
 *          (owner or admin; `note` is the written outcome, posted into the chat; above
 *          FOUR_EYES_USD -> 202 PendingApprovalResult, see approvals.ts)
 *
 * For the parties: GET /api/v1/trades/:id answers `evidenceRequests` (EvidenceRequestView[]);
 * socket event `trade:evidence_requested` (EvidenceRequestedEvent) to both parties. A chat
 * message or a receipt upload by the asked party answers its open requests.
 */

/** Field refusals; each is a text of the catalogue (packages/shared/src/i18n/ru/backoffice.ts). */
export const BackOfficeMessages = {
  noteRequired: 'bo.noteRequired',
  noteTooLong: 'bo.noteTooLong',
  blockReasonRequired: 'bo.blockReasonRequired',
  blockReasonTooLong: 'validation.admin.reasonTooLong',
  evidenceRequired: 'bo.evidenceRequired',
  evidenceHours: 'bo.evidenceHours',
} as const satisfies Record<string, MessageKey>;

export const DISPUTE_SLA_HOURS_DEFAULT = 24;
export const DISPUTES_PAGE_SIZE = 20;
export const EVIDENCE_HOURS_MAX = 168;

// ---- Staff ----

export const StaffMember = AdminView.extend({
  disabledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffList = z.object({ staff: z.array(StaffMember) });

export const CreateStaffRequest = z.object({
  email: text({ min: 3, max: 254 })
    .toLowerCase()
    .regex(/^[^\s@]+@[^\s@]+$/, 'validation.admin.email'),
  password: text({ min: 8, max: 256, trim: false, messages: { tooShort: 'bo.staffPasswordShort' } }),
  role: StaffRole,
  firstName: text({ max: 128 }).default(''),
  lastName: text({ max: 128 }).default(''),
});
export type CreateStaffRequest = z.infer<typeof CreateStaffRequest>;

export const UpdateStaffRequest = z.object({
  role: StaffRole.optional(),
  /** true disables the account (its sessions end), false enables it again. */
  disabled: z.boolean().optional(),
});
export type UpdateStaffRequest = z.infer<typeof UpdateStaffRequest>;

export const StaffTwoFactorStatus = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Every staff member in production must enrol before anything else. */
  required: z.boolean(),
});
export type StaffTwoFactorStatus = z.infer<typeof StaffTwoFactorStatus>;

// ---- Dashboard ----

export const CurrencyAmount = z.object({
  currency: z.enum(CRYPTOCURRENCIES),
  count: z.number().int(),
  /** Decimal string, 8 places. */
  amount: z.string(),
});
export type CurrencyAmount = z.infer<typeof CurrencyAmount>;

export const DashboardDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  /** Trades completed that day. */
  trades: z.number().int(),
  /** Completed volume per crypto currency (decimal strings). */
  volume: z.record(z.string(), z.string()),
  /** Completed volume per fiat currency (decimal strings, 2 places). */
  volumeFiat: z.record(z.string(), z.string()),
});
export type DashboardDay = z.infer<typeof DashboardDay>;

export const AdminDashboard = z.object({
  generatedAt: z.string(),
  users: z.object({ total: z.number().int(), newToday: z.number().int(), blocked: z.number().int() }),
  disputes: z.object({
    open: z.number().int(),
    /** Age in seconds of the oldest open dispute; null when none is open. */
    oldestAgeSeconds: z.number().int().nullable(),
    overSla: z.number().int(),
    unassigned: z.number().int(),
    slaHours: z.number(),
  }),
  withdrawals: z.object({ pending: z.number().int(), byCurrency: z.array(CurrencyAmount) }),
  trades: z.object({
    /** Trades opened today. */
    openedToday: z.number().int(),
    /** Trades completed today and their volume. */
    completedToday: z.number().int(),
    volumeToday: z.record(z.string(), z.string()),
    volumeFiatToday: z.record(z.string(), z.string()),
  }),
  staffActionsToday: z.number().int(),
  /**
   * Free imported deposit addresses of each enabled network that draws from the address pool
   * (docs/decisions/032); `low` below ADDRESS_POOL_LOW (100), when the console warns.
   */
  addressPools: z.array(z.object({ network: z.string(), remaining: z.number().int(), low: z.boolean() })),
  /** 14 days, oldest first, the last one is today (UTC). */
  daily: z.array(DashboardDay),
});
export type AdminDashboard = z.infer<typeof AdminDashboard>;

// ---- Users ----

export const BlockUserRequest = z.object({
  reason: text({
    min: 5,
    max: 500,
    multiline: true,
    messages: {
      required: BackOfficeMessages.blockReasonRequired,
      tooShort: BackOfficeMessages.blockReasonRequired,
      tooLong: BackOfficeMessages.blockReasonTooLong,
    },
  }),
});
export type BlockUserRequest = z.infer<typeof BlockUserRequest>;

export const StaffNoteRequest = z.object({
  text: text({
    min: 1,
    max: 2000,
    multiline: true,
    messages: { required: BackOfficeMessages.noteRequired, tooLong: BackOfficeMessages.noteTooLong },
  }),
});
export type StaffNoteRequest = z.infer<typeof StaffNoteRequest>;

export const StaffRef = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: StaffRole,
});
export type StaffRef = z.infer<typeof StaffRef>;

export const StaffNoteView = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  text: z.string(),
  author: StaffRef.nullable(),
  createdAt: z.string(),
});
export type StaffNoteView = z.infer<typeof StaffNoteView>;
export const StaffNoteList = z.object({ notes: z.array(StaffNoteView) });

/** A trade as a line of the user page. */
export const AdminTradeRow = z.object({
  id: z.uuid(),
  status: z.enum(TRADE_STATUSES),
  role: z.enum(['buyer', 'seller']),
  counterparty: z.object({ id: z.uuid(), name: z.string() }),
  cryptocurrency: z.string(),
  amountCrypto: z.string(),
  fiatCurrency: z.string(),
  amountFiat: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type AdminTradeRow = z.infer<typeof AdminTradeRow>;

export const AdminDisputeRow = z.object({
  tradeId: z.uuid(),
  status: z.enum(TRADE_STATUSES),
  openedAt: z.string().nullable(),
  /** Whether this user opened the dispute. */
  openedByUser: z.boolean(),
  reason: z.string().nullable(),
  /** 'won' | 'lost' once resolved (from this user's side), null while open. */
  result: z.enum(['won', 'lost']).nullable(),
  resolvedAt: z.string().nullable(),
});

export const AdminUserWithdrawalRow = z.object({
  id: z.uuid(),
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  network: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** Null until claimed for sending, as in the queue (docs/decisions/023, section 2). */
  toAddress: z.string().nullable(),
  addressPreview: z.string(),
  internal: z.boolean(),
  status: z.enum(WITHDRAWAL_STATUSES),
  txHash: z.string().nullable(),
  createdAt: z.string(),
});

export const UserHistory = z.object({
  completedTrades: z.number().int(),
  disputesOpened: z.number().int(),
  disputesLost: z.number().int(),
});
export type UserHistory = z.infer<typeof UserHistory>;

/** GET /admin/users/:id. Lists hold the latest 50 of each kind. */
export const AdminUserPage = z.object({
  user: AdminUserView,
  history: UserHistory,
  trades: z.array(AdminTradeRow),
  disputes: z.array(AdminDisputeRow),
  withdrawals: z.array(AdminUserWithdrawalRow),
  deposits: z.array(DepositView),
  notes: z.array(StaffNoteView),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;

// ---- Audit ----

/** Actions the audit log records (filter options). */
export const AUDIT_ACTIONS = [
  'balance.credit',
  'balance.debit',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.processing',
  'withdrawal.complete',
  'withdrawal.fail',
  'trade.resolve_release',
  'trade.resolve_refund',
  'dispute.take',
  'dispute.release',
  'dispute.message',
  'dispute.evidence_request',
  'user.block',
  'user.unblock',
  'user.limits_lift',
  'user.security_hold_clear',
  'user.note',
  'staff.create',
  'staff.update',
  'staff.2fa_enable',
  'staff.2fa_disable',
  'approval.propose',
  'approval.approve',
  'approval.reject',
  'approval.cancel',
] as const;
export const AUDIT_ENTITY_TYPES = ['user', 'trade', 'withdrawal', 'staff'] as const;

// ---- Disputes ----

export const DisputeQueueQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(DISPUTES_PAGE_SIZE),
  /** mine: taken by me; unassigned: nobody's; all (default). */
  owner: z.enum(['all', 'mine', 'unassigned']).default('all'),
});

export const DisputePartyRef = z.object({ id: z.uuid(), name: z.string(), username: z.string().nullable() });

export const DisputeQueueItem = z.object({
  tradeId: z.uuid(),
  openedAt: z.string(),
  ageSeconds: z.number().int(),
  slaDeadline: z.string(),
  overSla: z.boolean(),
  cryptocurrency: z.string(),
  amountCrypto: z.string(),
  fiatCurrency: z.string(),
  amountFiat: z.string(),
  paymentMethod: z.string(),
  buyer: DisputePartyRef,
  seller: DisputePartyRef,
  openedBy: z.enum(['buyer', 'seller']).nullable(),
  reason: z.string().nullable(),
  details: z.string().nullable(),
  owner: StaffRef.nullable(),
  takenAt: z.string().nullable(),
  openEvidenceRequests: z.number().int(),
});
export type DisputeQueueItem = z.infer<typeof DisputeQueueItem>;

export const DisputeQueue = z.object({
  disputes: z.array(DisputeQueueItem),
  pagination: AdminPagination,
  slaHours: z.number(),
});
export type DisputeQueue = z.infer<typeof DisputeQueue>;

export const DisputeOwnership = z.object({
  tradeId: z.uuid(),
  owner: StaffRef.nullable(),
  takenAt: z.string().nullable(),
});
export type DisputeOwnership = z.infer<typeof DisputeOwnership>;

export const EvidenceRequestCreate = z.object({
  party: EvidenceParty,
  text: text({
    min: 1,
    max: 1000,
    multiline: true,
    messages: { required: BackOfficeMessages.evidenceRequired },
  }),
  /** Hours from now until the deadline. */
  hours: z.coerce
    .number({ error: BackOfficeMessages.evidenceHours })
    .int(BackOfficeMessages.evidenceHours)
    .min(1, BackOfficeMessages.evidenceHours)
    .max(EVIDENCE_HOURS_MAX, BackOfficeMessages.evidenceHours),
});
export type EvidenceRequestCreate = z.infer<typeof EvidenceRequestCreate>;

export const ModeratorMessageRequest = z.object({ content: MessageContent });
export type ModeratorMessageRequest = z.infer<typeof ModeratorMessageRequest>;

export const DisputeCaseParty = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string().nullable(),
  telegramId: z.string().nullable(),
  createdAt: z.string(),
  blockedAt: z.string().nullable(),
  history: UserHistory,
});
export type DisputeCaseParty = z.infer<typeof DisputeCaseParty>;

/**
 * A resolution of the case waiting for a second admin (four eyes, docs/decisions/023): the
 * case cannot be resolved again until it is approved, rejected or withdrawn.
 */
export const CaseApprovalRef = z.object({
  id: z.uuid(),
  outcome: z.enum(['release', 'refund']),
  /** Value in US dollars when proposed (decimal string, 2 places). */
  usdValue: z.string(),
  reason: z.string(),
  proposedBy: StaffRef,
  proposedAt: z.string(),
});
export type CaseApprovalRef = z.infer<typeof CaseApprovalRef>;

/** GET /admin/disputes/:id: everything the desk needs to decide. */
export const DisputeCase = z.object({
  /** The trade as an observer sees it: `actions` is the timeline, `paymentTemplate` the details sent, `paymentProofFiles` the receipts. */
  trade: TradeView,
  escrow: EscrowView,
  buyer: DisputeCaseParty,
  seller: DisputeCaseParty,
  openedBy: z.enum(['buyer', 'seller']).nullable(),
  openedAt: z.string().nullable(),
  ageSeconds: z.number().int(),
  slaDeadline: z.string().nullable(),
  overSla: z.boolean(),
  owner: StaffRef.nullable(),
  takenAt: z.string().nullable(),
  /** May the caller write, ask and resolve (owner, or an admin). */
  canAct: z.boolean(),
  /** The resolution proposed and waiting for a second admin, if any. */
  pendingApproval: CaseApprovalRef.nullable(),
  evidenceRequests: z.array(EvidenceRequestView),
  /** All payment details sent on the trade, oldest first. */
  paymentDetails: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      details: z.record(z.string(), z.string()),
      sentAt: z.string(),
    }),
  ),
  /** The chat, oldest first (latest 100). */
  messages: z.array(ChatMessage),
});
export type DisputeCase = z.infer<typeof DisputeCase>;

// ---- Roles (docs/decisions/016-back-office.md) ----

/** What each staff role may do; the server enforces it on every /admin route. */
export const STAFF_PERMISSIONS = {
  /** Dashboard, users and their pages, balances, the audit log, the withdrawal queue. */
  read: ['moderator', 'admin'],
  /** Staff notes on a user. */
  'users.note': ['moderator', 'admin'],
  /** The dispute desk: take, release, write, ask for evidence, resolve own cases. */
  'disputes.handle': ['moderator', 'admin'],
  /** Act on (and resolve) a case another moderator owns, or nobody does. */
  'disputes.override': ['admin'],
  /** Manual credit and debit (a credit above FOUR_EYES_USD is a proposal). */
  'balances.move': ['admin'],
  /** Approve or reject another staff member's proposal (four eyes, docs/decisions/023). */
  'approvals.decide': ['admin'],
  /** Approve, reject, mark processing, complete or fail withdrawals. */
  'withdrawals.decide': ['admin'],
  /** Block and unblock users. */
  'users.block': ['admin'],
  /** Lift a user's trade suspensions (docs/decisions/023, "Limits"). */
  'users.limits': ['admin'],
  /** Take a proof-of-reserves snapshot now (docs/decisions/039). */
  'reserves.snapshot': ['admin'],
  /** Create staff accounts, change roles, disable accounts. */
  'staff.manage': ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffPermission = keyof typeof STAFF_PERMISSIONS;

export function staffMay(role: StaffRole, permission: StaffPermission): boolean {
  return (STAFF_PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}
