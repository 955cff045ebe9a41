import { z } from 'zod';
import { BackOfficeMessages, StaffRef } from './backoffice.ts';
import { text } from './text.ts';

/**
 * Trading limits (docs/decisions/023-trust-and-safety.md, "Limits"):
 *
 *   GET  /users/me/limits                    user   -> TradeLimitsView
 *   GET  /admin/users/:id/limits             mod    -> AdminTradeLimits
 *   POST /admin/users/:id/limits/lift        admin  LiftLimitsRequest -> AdminTradeLimits
 *
 * A refusal is `403 LIMIT_REACHED` with `details` = LimitRefusalDetails.
 */

/** The limits a refusal names (`details.limit`). */
export const TRADE_LIMITS = ['open_trades', 'new_account_amount', 'cancellations', 'lost_disputes'] as const;
export type TradeLimitName = (typeof TRADE_LIMITS)[number];

/** `details` of a 403 LIMIT_REACHED. */
export interface LimitRefusalDetails {
  limit: TradeLimitName;
  max?: number | string;
  current?: number;
  /** ISO time the limit lifts; absent when it lifts only by staff (or it is not the caller's). */
  until?: string;
  /** Set when the limit is the order owner's (the buyer of a buy order), not the caller's. */
  party?: 'owner';
}

export const SUSPENSION_KINDS = ['cancellations', 'lost_disputes'] as const;

export const TradeSuspension = z.object({
  limit: z.enum(SUSPENSION_KINDS),
  /** When it began: the cancellation or the dispute loss that reached the limit. */
  since: z.string(),
  /** When it ends by itself; null: only staff lift it. */
  until: z.string().nullable(),
});
export type TradeSuspension = z.infer<typeof TradeSuspension>;

/** The caller's limits now: what the trade form says before an amount is typed. */
export const TradeLimitsView = z.object({
  /** Fewer completed trades (either side) than `newAccountTrades`. */
  newAccount: z.boolean(),
  completedTrades: z.number().int(),
  newAccountTrades: z.number().int(),
  /** Open trades as the buyer (taken sell orders and own buy orders taken), and the most allowed. */
  openTrades: z.object({ current: z.number().int(), max: z.number().int() }),
  /**
   * The largest trade per fiat (decimal strings), for a new account; null: no cap. Other fiats
   * than RUB are converted at the price feed's rate of the moment.
   */
  maxTradeAmount: z.object({ RUB: z.string(), USD: z.string() }).nullable(),
  /** Cancellations and expiries as buyer in the last 24 hours (since the last lift). */
  cancellations: z.object({
    current: z.number().int(),
    max: z.number().int(),
    windowHours: z.number().int(),
    suspensionHours: z.number().int(),
  }),
  /** Disputes lost as the party at fault since the last lift. */
  lostDisputes: z.object({ current: z.number().int(), max: z.number().int() }),
  /** Taking trades is suspended while this is not empty. */
  suspensions: z.array(TradeSuspension),
});
export type TradeLimitsView = z.infer<typeof TradeLimitsView>;

export const TradeLimitLift = z.object({
  id: z.string(),
  liftedAt: z.string(),
  reason: z.string(),
  staff: StaffRef.nullable(),
  /** The suspensions it lifted. */
  lifted: z.array(TradeSuspension),
});
export type TradeLimitLift = z.infer<typeof TradeLimitLift>;

/** A user's limits as the back office sees them, with the lifts so far (newest first). */
export const AdminTradeLimits = TradeLimitsView.extend({ lifts: z.array(TradeLimitLift) });
export type AdminTradeLimits = z.infer<typeof AdminTradeLimits>;

export const LiftLimitsRequest = z.object({
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
export type LiftLimitsRequest = z.infer<typeof LiftLimitsRequest>;

/**
 * A pair of accounts that trade often with each other (docs/decisions/035): their completed
 * trades in the calendar month, of which at most one counts towards either's limits.
 *
 *   GET /admin/limits/frequent-pairs?minTrades=3   mod -> FrequentPairList
 */
export const FrequentPairsQuery = z.object({
  minTrades: z.coerce.number().int().min(2).max(1000).default(3),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type FrequentPairsQuery = z.infer<typeof FrequentPairsQuery>;

const PairParty = z.object({ id: z.uuid(), name: z.string(), username: z.string().nullable() });

export const FrequentPair = z.object({
  /** The calendar month, YYYY-MM-01 (UTC). */
  month: z.string(),
  a: PairParty,
  b: PairParty,
  trades: z.number().int(),
  /** Whether one of them was worth counting (the pair counts once that month). */
  qualified: z.boolean(),
  firstAt: z.string(),
  lastAt: z.string(),
});
export type FrequentPair = z.infer<typeof FrequentPair>;

export const FrequentPairList = z.object({ pairs: z.array(FrequentPair), minTrades: z.number().int() });
export type FrequentPairList = z.infer<typeof FrequentPairList>;
