import { z } from 'zod';
import type { MessageKey, MessageValues } from '../i18n/runtime.ts';
import {
  CRYPTOCURRENCIES,
  type FIAT_CURRENCIES,
  FIAT_SIGN,
  fiatValue,
  formatRu,
  tryParseAmount,
} from '../money.ts';
import { methodServesFiat, PaymentMethodMessages } from '../payment-methods.ts';
import { isSwapPayment, PAYMENT_CURRENCIES } from '../swaps.ts';
import { TAKER_CONDITION_MAX } from '../taker-conditions.ts';
import { PageInfo } from './common.ts';
import { paymentMethodField } from './payment-method-field.ts';
import { SwapMessages, swapOrderIssues } from './swaps.ts';
import { text } from './text.ts';

/** Smallest order per coin (docs/decisions/003-money-units-and-rounding.md). */
export const ORDER_MIN_CRYPTO: Record<(typeof CRYPTOCURRENCIES)[number], string> = {
  BTC: '0.001',
  ETH: '0.01',
  USDT: '10',
  BNB: '0.01',
  SOL: '0.1',
  ADA: '20',
  DOGE: '100',
};
/** Smallest total and smallest per-trade limit, per fiat (1 000 ₽; about 10 $ in the others). */
export const ORDER_MIN_FIAT: Record<(typeof FIAT_CURRENCIES)[number], string> = {
  RUB: '1000',
  USD: '10',
  EUR: '10',
  CNY: '100',
  TRY: '300',
  KZT: '5000',
};

/** Minimum as the messages write it: '1 000 ₽' with a plain space. */
const minFiatText = (fiat: (typeof FIAT_CURRENCIES)[number]) =>
  `${formatRu(ORDER_MIN_FIAT[fiat]).replace(/\u00a0/g, ' ')} ${FIAT_SIGN[fiat]}`;

/** The order rules' messages, as catalogue keys (the values are the issue's `params`). */
export const OrderMessages = {
  type: 'validation.order.type',
  crypto: 'validation.order.crypto',
  /** With `{ min, crypto }`. */
  minCrypto: 'validation.order.minCrypto',
  price: 'validation.order.price',
  /** With `{ amount }`, the fiat's minimum as written. */
  minTotal: 'validation.order.minTotal',
  methods: 'validation.order.methods',
  /** With `{ amount }`, the fiat's minimum as written. */
  minLimit: 'validation.order.minLimit',
  maxLimit: 'validation.order.maxLimit',
  description: 'validation.order.description',
  timeLimit: 'validation.order.timeLimit',
  amountString: 'validation.order.amountString',
  tooLarge: 'validation.order.tooLarge',
  fiatCurrency: 'validation.order.fiat',
  priceType: 'validation.order.priceType',
  margin: 'validation.order.margin',
  priceLimit: 'validation.order.priceLimit',
  minTakerTrades: 'validation.order.minTakerTrades',
  minTakerAgeDays: 'validation.order.minTakerAgeDays',
} as const satisfies Record<string, MessageKey>;

/** A floating order's offset from the market: −20…+20 %, in steps of 0.01 (docs/decisions/027). */
export const MARGIN_MAX_BP = 2000;

/**
 * A margin as typed ("1.5", "-2", "+0.25", "-0,5") in hundredths of a percent, or null when it is
 * not a number with at most two decimals within ±20 %.
 */
export function parseMarginBp(text: string): number | null {
  const match = /^([+\-−]?)(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  const bp = match[1] === '-' || match[1] === '−' ? -value : value;
  return Math.abs(bp) <= MARGIN_MAX_BP ? bp + 0 : null;
}

/** A margin in hundredths of a percent as the wire writes it: 150 -> "1.50", -200 -> "-2.00". */
export function formatMarginBp(bp: number): string {
  const abs = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * The effective price of a floating order: the market price moved by the margin (rounded down to
 * the currency's minor unit), held at the guard — a sell order never below `limit`, a buy order
 * never above it — and never below one minor unit. The repricing statement computes the same
 * in SQL (orders.repository.ts repriceFloating); the tests hold them together.
 */
export function floatingPrice(
  market: bigint,
  marginBp: number,
  side: 'buy' | 'sell',
  limit: bigint | null,
): bigint {
  let price = (market * BigInt(10_000 + marginBp)) / 10_000n;
  if (limit !== null)
    price = side === 'sell' ? (price < limit ? limit : price) : price > limit ? limit : price;
  return price < 1n ? 1n : price;
}

/** One broken order rule: the field, the message's key and its values. */
export interface OrderRuleIssue {
  path: string;
  message: MessageKey;
  values?: MessageValues;
}

/** A whole number from 0 to `max`, or null: one condition an order sets for its taker. */
const takerCondition = (max: number, message: MessageKey) =>
  z.number({ error: message }).int(message).min(0, message).max(max, message).nullable().optional();

/** An amount as a decimal string; its value rules are in `orderAmountIssues`. */
const decimalString = text({ max: 40, messages: { required: OrderMessages.amountString } });

export const CreateOrderRequest = z
  .object({
    type: z.enum(['buy', 'sell'], { error: OrderMessages.type }),
    cryptocurrency: z.enum(CRYPTOCURRENCIES, { error: OrderMessages.crypto }),
    amount_crypto: decimalString,
    /** The fixed price; a floating order's price comes from the market (`margin_percent`). */
    price_per_unit: decimalString.optional(),
    price_type: z.enum(['fixed', 'floating'], { error: OrderMessages.priceType }).default('fixed'),
    /** A floating order's offset from the market price, in percent (decimal string, −20…+20). */
    margin_percent: text({ max: 10, messages: { required: OrderMessages.margin } }).optional(),
    /** A floating order's guard: a sell order never below it, a buy order never above it. */
    price_limit: decimalString.nullish(),
    total_amount: decimalString.optional(),
    min_amount: decimalString.optional(),
    max_amount: decimalString.optional(),
    /** A fiat, or a coin: an instant swap (docs/decisions/026). */
    fiat_currency: z.enum(PAYMENT_CURRENCIES, { error: OrderMessages.fiatCurrency }).default('RUB'),
    /** At least one for a fiat; a swap has none (any sent are ignored). */
    payment_methods: z
      .array(paymentMethodField(PaymentMethodMessages.unknown), { error: OrderMessages.methods })
      .max(10)
      .default([]),
    description: text({
      max: 500,
      multiline: true,
      messages: { tooLong: OrderMessages.description },
    }).optional(),
    /** Minutes to pay; without it, the longest default of the order's methods (defaultTimeLimit). */
    time_limit: z
      .number({ error: OrderMessages.timeLimit })
      .int(OrderMessages.timeLimit)
      .min(15, OrderMessages.timeLimit)
      .max(1440, OrderMessages.timeLimit)
      .optional(),
    /** Conditions for the taker (docs/decisions/028); null, 0 or absent: none. */
    min_taker_trades: takerCondition(TAKER_CONDITION_MAX.trades, OrderMessages.minTakerTrades),
    min_taker_age_days: takerCondition(TAKER_CONDITION_MAX.ageDays, OrderMessages.minTakerAgeDays),
    /** A swap's second factor: publishing one sells a balance (docs/decisions/026). */
    totp_code: text({ max: 40 }).optional(),
    /** Publish a swap priced more than 20 % away from the market. */
    confirm_price: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    for (const issue of priceIssues(o)) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.values });
    }
    if (isSwapPayment(o.fiat_currency)) {
      if (o.type !== 'sell') {
        const values = { crypto: o.cryptocurrency, payIn: o.fiat_currency };
        ctx.addIssue({ code: 'custom', path: ['type'], message: SwapMessages.sellOnly, params: values });
      }
    } else if (o.payment_methods.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['payment_methods'], message: OrderMessages.methods });
    }
    o.payment_methods.forEach((method, i) => {
      if (isSwapPayment(o.fiat_currency)) return;
      if (methodServesFiat(method, o.fiat_currency)) return;
      ctx.addIssue({
        code: 'custom',
        path: ['payment_methods', i],
        message: PaymentMethodMessages.notForFiat,
        params: { fiat: o.fiat_currency },
      });
    });
    // A floating order's amounts are checked by the server at its market price.
    if (o.price_type === 'floating' || o.price_per_unit === undefined) return;
    for (const issue of orderAmountIssues({ ...o, price_per_unit: o.price_per_unit })) {
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message, params: issue.values });
    }
  });
export type CreateOrderRequest = z.infer<typeof CreateOrderRequest>;

/** The price fields' own rules: a fixed order has a price; a floating one a margin, maybe a guard. */
function priceIssues(o: {
  price_type: 'fixed' | 'floating';
  price_per_unit?: string | undefined;
  margin_percent?: string | undefined;
  price_limit?: string | null | undefined;
}): OrderRuleIssue[] {
  if (o.price_type === 'fixed') {
    if (o.price_per_unit === undefined) return [{ path: 'price_per_unit', message: OrderMessages.price }];
    return o.margin_percent === undefined && (o.price_limit ?? null) === null
      ? []
      : [{ path: 'price_type', message: OrderMessages.priceType }];
  }
  const issues: OrderRuleIssue[] = [];
  if (o.margin_percent === undefined || parseMarginBp(o.margin_percent) === null)
    issues.push({ path: 'margin_percent', message: OrderMessages.margin });
  if (o.price_limit != null) {
    const limit = tryParseAmount(o.price_limit, 2);
    if (limit === null || limit <= 0n || limit > 10n ** 14n)
      issues.push({ path: 'price_limit', message: OrderMessages.priceLimit });
  }
  return issues;
}

/**
 * Upper bounds that keep every stored amount far inside SQL BIGINT: 1e9 coins and a total
 * of 1e13 in fiat (minor units). Larger inputs would overflow the column, not just look odd.
 */
export const ORDER_MAX_CRYPTO_MINOR = 10n ** 17n;
export const ORDER_MAX_TOTAL_MINOR = 10n ** 15n;

/** Cross-field rules (docs/product/trading-rules.md), shared by the create form and the server. */
export function orderAmountIssues(o: {
  cryptocurrency: (typeof CRYPTOCURRENCIES)[number];
  fiat_currency: (typeof PAYMENT_CURRENCIES)[number];
  amount_crypto: string;
  price_per_unit: string;
  min_amount?: string | undefined;
  max_amount?: string | undefined;
}): OrderRuleIssue[] {
  const issues: OrderRuleIssue[] = [];
  const amount = tryParseAmount(o.amount_crypto, 8);
  const minCrypto = tryParseAmount(ORDER_MIN_CRYPTO[o.cryptocurrency], 8) ?? 0n;
  if (amount === null || amount <= 0n || amount < minCrypto) {
    issues.push({
      path: 'amount_crypto',
      message: OrderMessages.minCrypto,
      values: { min: ORDER_MIN_CRYPTO[o.cryptocurrency], crypto: o.cryptocurrency },
    });
  } else if (amount > ORDER_MAX_CRYPTO_MINOR) {
    issues.push({ path: 'amount_crypto', message: OrderMessages.tooLarge });
  }
  if (isSwapPayment(o.fiat_currency)) {
    if (issues.length > 0 || amount === null) return issues;
    return swapOrderIssues({ ...o, fiat_currency: o.fiat_currency }, amount, ORDER_MIN_CRYPTO);
  }
  const price = tryParseAmount(o.price_per_unit, 2);
  if (price === null || price <= 0n || price > 10n ** 14n)
    issues.push({ path: 'price_per_unit', message: OrderMessages.price });
  if (amount === null || price === null || issues.length > 0) return issues;
  const total = fiatValue(amount, price);
  const minFiat = tryParseAmount(ORDER_MIN_FIAT[o.fiat_currency], 2) ?? 0n;
  if (total < minFiat) {
    issues.push({
      path: 'total_amount',
      message: OrderMessages.minTotal,
      values: { amount: minFiatText(o.fiat_currency) },
    });
    return issues;
  }
  if (total > ORDER_MAX_TOTAL_MINOR) {
    issues.push({ path: 'total_amount', message: OrderMessages.tooLarge });
    return issues;
  }
  const min = o.min_amount === undefined ? minFiat : tryParseAmount(o.min_amount, 2);
  if (min === null || min < minFiat || min > total)
    issues.push({
      path: 'min_amount',
      message: OrderMessages.minLimit,
      values: { amount: minFiatText(o.fiat_currency) },
    });
  const max = o.max_amount === undefined ? total : tryParseAmount(o.max_amount, 2);
  if (max === null || max <= 0n || (min !== null && max < min) || max > total) {
    issues.push({ path: 'max_amount', message: OrderMessages.maxLimit });
  }
  return issues;
}

export const OrderStatus = z.enum(['active', 'paused', 'completed', 'cancelled', 'expired']);

export const OrderTrader = z.object({
  id: z.uuid(),
  username: z.string().nullable(),
  first_name: z.string(),
  display_name: z.string().nullable(),
  effective_name: z.string(),
  avatar_url: z.string().nullable(),
  verified: z.boolean(),
  /** Mean stars of the counted reviews (one an author a month, trades worth counting: docs/decisions/035). */
  rating: z.number().nullable(),
  reviews_count: z.number().int(),
  /** Counted trades: distinct counterparties a month, worth 1 000 ₽, after 72 hours (docs/decisions/035). */
  trades_count: z.number().int(),
  /** Counted trades / (counted + own cancels and expiries), percent. */
  completion_rate: z.number().nullable(),
  avg_release_time: z.number().nullable(),
  /** Average seconds to act on a trade step; null without data. */
  avg_response_time: z.number().nullable(),
  /** Counted trades with a trade in the last 30 days (docs/decisions/028, 035). */
  trades_30d: z.number().int(),
  /** Average seconds from opening to "paid", as buyer; null without data. */
  avg_payment_time: z.number().nullable(),
  /** Only when the owner's privacy allows; null otherwise. */
  online_status: z.enum(['online', 'away', 'offline']).nullable(),
  last_seen: z.string().nullable(),
});
export type OrderTrader = z.infer<typeof OrderTrader>;

/** An order on the wire, in snake_case. Amounts are strings. */
export const OrderView = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  type: z.enum(['buy', 'sell']),
  cryptocurrency: z.string(),
  fiat_currency: z.string(),
  amount_crypto: z.string(),
  available_amount: z.string(),
  locked_amount: z.string(),
  price_per_unit: z.string(),
  total_amount: z.string(),
  available_fiat: z.string(),
  min_amount: z.string(),
  max_amount: z.string(),
  payment_methods: z.array(z.string()),
  time_limit: z.number().int(),
  description: z.string().nullable(),
  status: OrderStatus,
  expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  completed_trades: z.number().int(),
  /** `price_per_unit` is the effective price; a floating order's follows the market. */
  price_type: z.enum(['fixed', 'floating']),
  /** A floating order's offset from the market in percent ("1.50"); null for a fixed price. */
  margin_percent: z.string().nullable(),
  price_limit: z.string().nullable(),
  /** A floating order while there is no live market price: shown, not tradable. */
  market_paused: z.boolean(),
  user: OrderTrader,
  /**
   * Conditions for the taker (docs/decisions/028): completed trades and account age in days
   * (null: none), and the owner's minimum rating from their trading settings (null: none) with
   * whether an unrated taker passes it.
   */
  min_taker_trades: z.number().int().nullable(),
  min_taker_age_days: z.number().int().nullable(),
  min_taker_rating: z.number().nullable(),
  unrated_taker_allowed: z.boolean(),
  /** The owner was away past their "hide my orders" window: out of the book until seen. */
  owner_away: z.boolean(),
});
export type OrderView = z.infer<typeof OrderView>;

/** The book's answer to a cursor it did not make (catalogue key errors.bookCursorInvalid). */
const BOOK_CURSOR_INVALID = 'errors.bookCursorInvalid';

export const OrderBookQuery = z.object({
  type: z.enum(['buy', 'sell']).optional(),
  cryptocurrency: z.enum(CRYPTOCURRENCIES).optional(),
  fiat_currency: z.enum(PAYMENT_CURRENCIES).optional(),
  payment_method: paymentMethodField().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  /** The previous page's `nextCursor`: the page after it, at any depth (instead of `offset`). */
  after: text({
    min: 1,
    max: 200,
    trim: false,
    messages: {
      tooShort: BOOK_CURSOR_INVALID,
      tooLong: BOOK_CURSOR_INVALID,
      badCharacters: BOOK_CURSOR_INVALID,
    },
  }).optional(),
});

export const OrderList = PageInfo.extend({
  orders: z.array(OrderView),
  /** The book stops counting past 1,000 matches (plus the page asked for): `total` is then "at least". */
  totalCapped: z.boolean(),
  /** Where the next page starts (`after=`), or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type OrderList = z.infer<typeof OrderList>;

export const OrderSettingsRequest = z.object({
  status: z.enum(['active', 'paused'], { error: 'validation.order.status' }),
});

export const OrderStats = z.object({
  totalTrades: z.number().int(),
  totalVolumeCrypto: z.string(),
  activeTrades: z.number().int(),
  completedTrades: z.number().int(),
  averageTradeAmount: z.string(),
});

export const OrderTradesQuery = z.object({
  status: z
    .enum(['created', 'payment_pending', 'payment_confirmed', 'disputed', 'completed', 'cancelled'])
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const CreatedOrder = z.object({ id: z.uuid(), order: OrderView });
