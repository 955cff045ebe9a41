import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';
import { TRADE_STATUSES } from '../trade-machine.ts';
import { WITHDRAWAL_STATUSES } from '../withdrawal-rules.ts';
import { AdminPagination } from './admin.ts';
import { DisputePartyRef, StaffRef } from './backoffice.ts';
import { text } from './text.ts';

/**
 * Four eyes (docs/decisions/023-trust-and-safety.md, "Staff are bounded"). A dispute
 * resolution or an admin credit worth more than FOUR_EYES_USD answers 202 with a proposal;
 * a second admin approves or rejects it, and only an approval moves money.
 *
 *   POST   /admin/trades/:id/resolve              mod    ... -> 200 ResolveDisputeResult | 202 PendingApprovalResult
 *   POST   /admin/users/:id/balance/credit        admin  ... -> 200 BalanceOperationResult | 202 PendingApprovalResult
 *   POST   /admin/withdrawals/:id/fail            admin  ... -> 200 AdminWithdrawalView | 202 PendingApprovalResult
 *   GET    /admin/approvals                       mod    ApprovalsQuery -> ApprovalList
 *   POST   /admin/approvals/:id/approve           admin  ApproveRequest -> ApprovalView (403 for one's own)
 *   POST   /admin/approvals/:id/reject            admin  RejectApprovalRequest -> ApprovalView (403 for one's own)
 *   POST   /admin/approvals/:id/cancel            mod    -> ApprovalView (the proposer only)
 */

export const APPROVAL_KINDS = ['dispute.resolve', 'balance.credit', 'withdrawal.fail'] as const;
export const ApprovalKind = z.enum(APPROVAL_KINDS);
export type ApprovalKind = z.infer<typeof ApprovalKind>;

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** The 202 answer: nothing moved; the proposal waits for a second admin. */
export const PendingApprovalResult = z.object({
  pendingApproval: z.literal(true),
  approvalId: z.uuid(),
  kind: ApprovalKind,
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  /** Decimal string, 8 places. */
  amount: z.string(),
  /** The amount's value in US dollars when proposed (decimal string, 2 places). */
  usdValue: z.string(),
  /** FOUR_EYES_USD: above this a second admin must approve. */
  thresholdUsd: z.number().int(),
});
export type PendingApprovalResult = z.infer<typeof PendingApprovalResult>;

export const ApprovalsQuery = z.object({
  /** pending (default) or decided (approved, rejected, cancelled; the latest first). */
  state: z.enum(['pending', 'decided']).default('pending'),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ApprovalsQuery = z.infer<typeof ApprovalsQuery>;

/** Why the caller may not decide a proposal. */
export const ApprovalRefusal = z.enum(['own', 'admins_only', 'decided']);
export type ApprovalRefusal = z.infer<typeof ApprovalRefusal>;

export const ApprovalView = z.object({
  id: z.uuid(),
  kind: ApprovalKind,
  status: ApprovalStatus,
  /** A dispute resolution: the trade, its state now, and the outcome proposed. */
  trade: z
    .object({
      id: z.uuid(),
      status: z.enum(TRADE_STATUSES),
      outcome: z.enum(['release', 'refund']),
      fiatCurrency: z.string(),
      amountFiat: z.string(),
      buyer: DisputePartyRef,
      seller: DisputePartyRef,
    })
    .nullable(),
  /**
   * A withdrawal fail (docs/decisions/035): the claimed withdrawal, its state now and network;
   * `reason` is what the proposer checked on the chain.
   */
  withdrawal: z
    .object({ id: z.uuid(), status: z.enum(WITHDRAWAL_STATUSES), network: z.string(), address: z.string() })
    .nullable()
    .optional(),
  /** Who receives the money: the credited user, the buyer of a release, the seller of a refund. */
  beneficiary: DisputePartyRef,
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  /** Decimal string, 8 places. */
  amount: z.string(),
  /** Value in US dollars when proposed (decimal string, 2 places). */
  usdValue: z.string(),
  /** The written outcome of a resolution, or the reason of a credit. */
  reason: z.string(),
  proposedBy: StaffRef,
  proposedAt: z.string(),
  decidedBy: StaffRef.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** May the caller approve or reject it; `refusal` says why not. */
  mayDecide: z.boolean(),
  refusal: ApprovalRefusal.nullable(),
  /** May the caller withdraw it (their own pending proposal). */
  mayCancel: z.boolean(),
});
export type ApprovalView = z.infer<typeof ApprovalView>;

export const ApprovalList = z.object({
  approvals: z.array(ApprovalView),
  pagination: AdminPagination,
  /** Pending proposals in all (the console's badge). */
  pendingCount: z.number().int(),
  thresholdUsd: z.number().int(),
});
export type ApprovalList = z.infer<typeof ApprovalList>;

export const ApproveRequest = z.object({
  note: text({ max: 1000, multiline: true }).optional(),
});
export type ApproveRequest = z.infer<typeof ApproveRequest>;

export const RejectApprovalRequest = z.object({
  note: text({
    min: 5,
    max: 1000,
    multiline: true,
    messages: {
      required: 'staffSafety.rejectNoteRequired',
      tooShort: 'staffSafety.rejectNoteRequired',
      tooLong: 'staffSafety.rejectNoteTooLong',
    },
  }),
});
export type RejectApprovalRequest = z.infer<typeof RejectApprovalRequest>;
