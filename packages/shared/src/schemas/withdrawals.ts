import { z } from 'zod';
import { CRYPTOCURRENCIES } from '../money.ts';
import { NETWORK_IDS } from '../networks.ts';
import { STAFF_WITHDRAWAL_ACTIONS, WITHDRAWAL_STATUSES, WithdrawalMessages } from '../withdrawal-rules.ts';
import { AdminPagination, WithdrawalFacts } from './admin.ts';
import { StaffRef } from './backoffice.ts';
import { PageInfo } from './common.ts';
import { SINGLE_LINE_TEXT, text } from './text.ts';

/** Wire shapes of money out: requests, the withdrawal view, saved addresses, the back-office queue. */

export const WithdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES, { error: 'validation.withdrawal.status' });
export const NetworkIdSchema = z.enum(NETWORK_IDS, { error: 'validation.network.choice' });

/**
 * A JSON number is refused: a float cannot carry 8 decimals exactly (docs/decisions/003), and the
 * admin balance operations refuse numbers too. The amount's rules need its network, so the
 * server checks them with `checkWithdrawalAmount` (the form does the same).
 */
const AmountText = z
  .string({
    error: (issue) =>
      issue.input === undefined ? WithdrawalMessages.amountRequired.key : WithdrawalMessages.amountString.key,
  })
  .trim()
  .regex(SINGLE_LINE_TEXT, { error: WithdrawalMessages.amountString.key })
  .max(40, { error: WithdrawalMessages.amountString.key });

export const WithdrawalRequest = z.object({
  cryptocurrency: z.enum(CRYPTOCURRENCIES, { error: 'validation.crypto' }),
  /** Defaults to the currency's first network (USDT -> USDT-ERC20), or the saved address's. */
  network: NetworkIdSchema.optional(),
  amount: AmountText,
  /** A destination typed in, or `addressId` of a saved one (exactly one of the two). */
  toAddress: text({ max: 200, messages: { tooLong: 'validation.address.tooLong' } }).optional(),
  addressId: z.uuid({ error: 'validation.address.id' }).optional(),
  /** Six digits of the authenticator app, or one recovery code: every withdrawal needs one. */
  totpCode: text({ max: 40 }).optional(),
  /** Also save the typed address under this label (one code covers both, docs/decisions/023). */
  saveLabel: text({
    min: 1,
    max: 50,
    messages: { required: 'wd.err.labelRequired', tooLong: 'validation.address.labelTooLong' },
  }).optional(),
});
export type WithdrawalRequest = z.infer<typeof WithdrawalRequest>;

/** A withdrawal. Amounts are decimal strings with 8 places. */
export const WithdrawalView = z.object({
  id: z.uuid(),
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  network: NetworkIdSchema,
  amount: z.string(),
  /** What the network fee costs the user, on top of `amount` (zero for internal transfers). */
  fee: z.string(),
  /** The same as `fee`, under its other wire name. */
  networkFee: z.string(),
  /** amount + fee: what left (or is locked in) the balance. */
  total: z.string(),
  toAddress: z.string(),
  /** To another user's deposit address: settled at once inside the platform, no chain, no fee. */
  internal: z.boolean(),
  status: WithdrawalStatusSchema,
  txHash: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  /** Whether the owner may still cancel it (PENDING, or APPROVED and not yet claimed for sending). */
  cancellable: z.boolean(),
  user: z.object({ firstName: z.string(), lastName: z.string().nullable() }),
});
export type WithdrawalView = z.infer<typeof WithdrawalView>;

export const MyWithdrawalsQuery = z.object({
  status: WithdrawalStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const WITHDRAWALS_PAGE_SIZE = 20;

/**
 * The back office's view: the withdrawal, its owner, who claimed it for sending, and the
 * actions open to the staff member who asks.
 */
export const AdminWithdrawalView = WithdrawalView.extend({
  /**
   * Where the coins go: null while the request is open and unclaimed (PENDING, APPROVED), so
   * that nobody sends before claiming it with «Отправить» (docs/decisions/023, section 2).
   */
  toAddress: z.string().nullable(),
  /** The address's first and last characters, always: enough to recognise it. */
  addressPreview: z.string(),
  user: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string().nullable(),
    username: z.string().nullable(),
  }),
  reviewedAt: z.string().nullable(),
  /** The admin who took it for sending, and when (null until claimed). */
  claimedBy: StaffRef.nullable(),
  claimedAt: z.string().nullable(),
  /** What the asking staff member may do next (fail: the claimer only, docs/decisions/023). */
  availableActions: z.array(z.enum(STAFF_WITHDRAWAL_ACTIONS)),
  /** What decides the request (in the queue; absent in a decision's answer). */
  facts: WithdrawalFacts.optional(),
});
export type AdminWithdrawalView = z.infer<typeof AdminWithdrawalView>;

export const AdminWithdrawalsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(WITHDRAWALS_PAGE_SIZE),
  status: WithdrawalStatusSchema.optional(),
});

export const AdminWithdrawalsResult = z.object({
  withdrawals: z.array(AdminWithdrawalView),
  pagination: AdminPagination,
});

/** Optional note and txHash (reject needs the note, complete the hash). */
export const WithdrawalDecision = z.object({
  note: text({ max: 1000, multiline: true, messages: { tooLong: 'validation.text.tooLong' } }).optional(),
  txHash: text({ max: 200 }).optional(),
});
/** The body itself is optional too: a bare POST arrives as null. */
export const WithdrawalDecisionRequest = WithdrawalDecision.nullish();
export type WithdrawalDecisionRequest = z.infer<typeof WithdrawalDecision>;

// ---- saved withdrawal addresses ----

export const SAVED_ADDRESSES_MAX = 50;

export const SavedAddressView = z.object({
  id: z.uuid(),
  network: NetworkIdSchema,
  cryptocurrency: z.enum(CRYPTOCURRENCIES),
  address: z.string(),
  label: z.string(),
  createdAt: z.string(),
});
export type SavedAddressView = z.infer<typeof SavedAddressView>;

export const CreateSavedAddressRequest = z.object({
  network: NetworkIdSchema,
  address: text({
    max: 200,
    messages: { required: WithdrawalMessages.addressRequired.key, tooLong: 'validation.address.tooLong' },
  }),
  label: text({
    min: 1,
    max: 50,
    messages: { required: 'wd.err.labelRequired', tooLong: 'validation.address.labelTooLong' },
  }),
  /** A new destination takes its own second-factor code (docs/decisions/023). */
  totpCode: text({ max: 40 }).optional(),
});
export type CreateSavedAddressRequest = z.infer<typeof CreateSavedAddressRequest>;

export const MyWithdrawalsResult = z.object({
  success: z.literal(true),
  data: z.array(WithdrawalView),
  pagination: PageInfo,
});
