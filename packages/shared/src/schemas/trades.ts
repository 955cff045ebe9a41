import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { DISPUTE_DETAILS_MAX, DisputeMessages, TRADE_STATUSES, USER_ACTIONS } from '../trade-machine.ts';
import { PageInfo } from './common.ts';
import { paymentMethodField } from './payment-method-field.ts';
import { PaymentProofFile, TradePaymentTemplate } from './payment-templates.ts';
import { text } from './text.ts';
import { SecondFactorCode } from './two-factor.ts';

export const CreateTradeRequest = z.object({
  orderId: z.uuid({ error: 'validation.orderId' }),
  amountFiat: text({ min: 1, max: 40, messages: { required: 'validation.trade.amountRequired' } }),
  amountCrypto: text({ max: 40 }).optional(),
  /** A code or a name (`Сбербанк`, `Sberbank`, `sberbank`); the trade stores the code. */
  paymentMethod: paymentMethodField(),
});
export type CreateTradeRequest = z.infer<typeof CreateTradeRequest>;

export const TradeActionRequest = z.object({
  action: text({ min: 1, max: 40 }),
  payload: z
    .record(text({ max: 64 }), z.unknown())
    .optional()
    .default({}),
});

/**
 * `confirm_payment` commits the escrow to the buyer, so it carries the seller's second factor
 * unless the session's step-up window is open (docs/decisions/023). `totp_code` is accepted as
 * an alias for API clients that write snake_case.
 */
export const ConfirmPaymentPayload = z
  .object({ totpCode: SecondFactorCode.optional(), totp_code: SecondFactorCode.optional() })
  .transform((p) => ({ totpCode: p.totpCode ?? p.totp_code }));

export const PayerMessages = {
  required: 'fraud.payer.required',
  bank: 'fraud.payer.bankRequired',
  last4: 'fraud.payer.last4Format',
  name: 'fraud.payer.nameRequired',
  nameTooLong: 'fraud.payer.nameTooLong',
} as const satisfies Record<string, MessageKey>;

/**
 * «Я оплатил» names the account that paid (docs/decisions/023): the bank (a payment method code
 * or name), the last four digits of the card or phone, and the payer's name as the bank shows
 * it. The seller checks it against their bank statement; the platform recognises the account
 * across trades (third-party payments) by a keyed hash of the three.
 */
export const PayerAccountInput = z.object(
  {
    bank: paymentMethodField(PayerMessages.bank),
    last4: text({
      min: 1,
      max: 4,
      messages: { required: PayerMessages.last4, tooLong: PayerMessages.last4 },
    }).regex(/^\d{4}$/, PayerMessages.last4),
    name: text({
      min: 2,
      max: 100,
      messages: {
        required: PayerMessages.name,
        tooShort: PayerMessages.name,
        tooLong: PayerMessages.nameTooLong,
      },
    }),
  },
  { error: PayerMessages.required },
);
export type PayerAccountInput = z.infer<typeof PayerAccountInput>;

/** `mark_paid`'s payload: the payer account is required. */
export const MarkPaidPayload = z.object({ payer: PayerAccountInput });

/** The payer account as the trade shows it, with its history for the seller and staff. */
export const PayerAccountView = z.object({
  bank: z.string(),
  last4: z.string(),
  name: z.string(),
  /** Other trades paid from the same account; null for the buyer who named it. */
  history: z
    .object({
      /** Completed trades paid from it, this one left out. */
      completedTrades: z.number().int(),
      /** Sellers it paid, this trade's seller left out. */
      distinctSellers: z.number().int(),
      /** Buyers other than this trade's buyer who named the same account: a third-party payment. */
      otherBuyers: z.number().int(),
      firstSeenAt: z.string().nullable(),
    })
    .nullable(),
  /** `third_party`: another buyer paid from it; `name_mismatch`: not the buyer's name. */
  warnings: z.array(z.enum(['third_party', 'name_mismatch'])),
});
export type PayerAccountView = z.infer<typeof PayerAccountView>;

export const DisputePayload = z.object({
  reasonId: text({ min: 1, max: 64, messages: { required: DisputeMessages.reason } }),
  details: text({
    min: 1,
    max: DISPUTE_DETAILS_MAX,
    multiline: true,
    messages: { required: DisputeMessages.details, tooLong: DisputeMessages.tooLong },
  }),
});

/** A trade's party; every figure computed, null where there is no data. */
export const TradeParty = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  first_name: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  effectiveName: z.string(),
  avatarUrl: z.string().nullable(),
  customAvatarUrl: z.string().nullable(),
  rating: z.number().nullable(),
  tradesCount: z.number().int(),
  completionRate: z.number().nullable(),
  /** Average seconds this user took to act on their step (pay as buyer, confirm as seller). */
  avgResponseTime: z.number().nullable(),
  /** Trades of this user that went to dispute (the buyer's risk is high above 2). */
  disputeCount: z.number().int(),
  verified: z.boolean(),
});
export type TradeParty = z.infer<typeof TradeParty>;

export const TradeStep = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  status: z.enum(['completed', 'active', 'pending']),
  description: z.string(),
  completedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
});

export const TradeActionEntry = z.object({
  id: z.string(),
  timestamp: z.string(),
  actor: z.enum(['buyer', 'seller', 'system', 'moderator']),
  actorId: z.string().nullable(),
  action: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  description: z.string(),
});

export const TradeView = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  orderType: z.enum(['buy', 'sell']),
  status: z.enum(TRADE_STATUSES),
  userRole: z.enum(['buyer', 'seller', 'observer']),
  buyerId: z.uuid(),
  sellerId: z.uuid(),
  buyer: TradeParty,
  seller: TradeParty,
  counterparty: z
    .object({ id: z.uuid(), name: z.string(), rating: z.number().nullable(), tradesCount: z.number().int() })
    .nullable(),
  cryptocurrency: z.string(),
  fiatCurrency: z.string(),
  amountCrypto: z.string(),
  amountFiat: z.string(),
  pricePerUnit: z.string(),
  /** The floating order's market offset the price was fixed with at opening ("1.50"); null: a fixed price. */
  marginPercent: z.string().nullable(),
  totalAmount: z.string(),
  feeAmount: z.string(),
  paymentMethod: z.string(),
  chatUnreadCount: z.number().int(),
  timers: z.object({ paymentDeadline: z.string().nullable(), autoReleaseAt: z.string().nullable() }),
  paymentDeadline: z.string(),
  confirmationDeadline: z.string().nullable(),
  autoReleaseAt: z.string().nullable(),
  autoReleaseExecutedAt: z.string().nullable(),
  currentStep: z.number().int(),
  steps: z.array(TradeStep),
  disputeReason: z.string().nullable(),
  disputeDetails: z.string().nullable(),
  notes: z.string().nullable(),
  actions: z.array(TradeActionEntry),
  reviewedByMe: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  paidAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Payment details the seller sent (latest), visible in full to both parties. */
  paymentTemplate: TradePaymentTemplate.nullable(),
  /** URL of the latest receipt the buyer uploaded. */
  paymentProof: z.string().nullable(),
  paymentProofFiles: z.array(PaymentProofFile),
  /** The account the buyer said paid (from «Я оплатил»); history for the seller and staff only. */
  payer: PayerAccountView.nullable(),
});
export type TradeView = z.infer<typeof TradeView>;

export const EscrowView = z.object({
  amount: z.string(),
  currency: z.string(),
  status: z.enum(['locked', 'released', 'refunded']),
  source: z.enum(['order_reserve', 'seller_balance']),
  feeAmount: z.string(),
});

export const EvidenceParty = z.enum(['buyer', 'seller'], {
  error: 'bo.evidenceParty',
});

/**
 * A moderator's request for evidence from one party of a disputed trade, with its deadline.
 * The asked party answers with a chat message or a receipt upload.
 */
export const EvidenceRequestView = z.object({
  id: z.uuid(),
  tradeId: z.uuid(),
  party: EvidenceParty,
  userId: z.uuid(),
  text: z.string(),
  deadline: z.string(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  answer: z.enum(['message', 'receipt']).nullable(),
  /** The deadline passed without an answer. */
  overdue: z.boolean(),
});
export type EvidenceRequestView = z.infer<typeof EvidenceRequestView>;

export const TradeDetails = z.object({
  trade: TradeView,
  escrow: EscrowView,
  availableActions: z.array(z.enum(USER_ACTIONS)),
  /** Evidence the moderator asked for on a disputed trade (both parties see all requests). */
  evidenceRequests: z.array(EvidenceRequestView),
});
export type TradeDetails = z.infer<typeof TradeDetails>;

export const TradeListQuery = z.object({
  /** Comma-separated statuses, e.g. `PAYMENT_PENDING,DISPUTED`. */
  status: text({ max: 200 }).optional(),
  role: z.enum(['buyer', 'seller']).optional(),
  active: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const TradeList = PageInfo.extend({ trades: z.array(TradeView) });

/** The reason is optional, and so is the body: a bare PATCH arrives as null. */
export const SoftDeleteRequest = z.object({ reason: text({ max: 500 }).optional() }).nullish();

export const TradeStats = z.object({
  totalTrades: z.number().int(),
  activeTrades: z.number().int(),
  completedTrades: z.number().int(),
  cancelledTrades: z.number().int(),
  disputedTrades: z.number().int(),
  asBuyer: z.number().int(),
  asSeller: z.number().int(),
  completionRate: z.number().nullable(),
  volumeByFiat: z.record(z.string(), z.string()),
});

export const ReviewRequest = z.object({
  rating: z
    .number({ error: 'validation.review.rating' })
    .int('validation.review.rating')
    .min(1, 'validation.review.rating')
    .max(5, 'validation.review.rating'),
  comment: text({
    max: 1000,
    multiline: true,
    messages: { tooLong: 'validation.review.tooLong' },
  }).default(''),
});
