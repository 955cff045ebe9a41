import {
  cryptoForFiat,
  decimalsOf,
  formatCrypto,
  formatFiat,
  type TradeLimitsView,
  tryParseAmount,
} from '@p2p/shared';

/*
 * The trade form's amounts and limits, without zod: the market's order cards show the limits
 * on the first load. The form's schema is in trade-form.ts (loaded with the order panel).
 */

/** The order terms the trade form needs (a subset of OrderView). */
export interface TradeTerms {
  min_amount: string;
  max_amount: string;
  available_fiat: string;
  price_per_unit: string;
  payment_methods: string[];
}

export interface TradeFormValues {
  /** Fiat amount as typed. */
  amount: string;
  paymentMethod: string;
}

/** What people type into an amount field: spaces and a comma decimal separator ("1 000,5" -> "1000.5"). */
export function normalizeDecimalInput(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
}

/** Parses a typed fiat amount into minor units; null when it is not a plain number with ≤2 decimals. */
export function parseFiatInput(text: string): bigint | null {
  return tryParseAmount(normalizeDecimalInput(text), 2);
}

/**
 * Fiat limits of one trade, in minor units. The top is the order's maximum, or less when the
 * order has less left: what is left in fiat is `available_fiat` (rounded down by the server),
 * and any amount up to it buys at most what the order still has; or less again when the
 * buyer's own `cap` (a new account's, `buyerCap`) is lower.
 */
export function tradeLimits(
  terms: LimitTerms,
  cap: bigint | null = null,
): {
  min: bigint;
  max: bigint;
} {
  const decimals = decimalsOf(terms.fiat_currency ?? 'RUB');
  const min = tryParseAmount(terms.min_amount, decimals) ?? 0n;
  const maxAmount = tryParseAmount(terms.max_amount, decimals) ?? 0n;
  const available = tryParseAmount(terms.available_fiat, decimals) ?? maxAmount;
  const max = available < maxAmount ? available : maxAmount;
  return { min, max: cap !== null && cap < max ? cap : max };
}

/**
 * The limit terms of an order; with `fiat_currency` a coin (an instant swap, docs/decisions/026)
 * the amounts have 8 decimals.
 */
type LimitTerms = Pick<TradeTerms, 'min_amount' | 'max_amount' | 'available_fiat'> & {
  fiat_currency?: string;
};

/** An order can take a trade only while its limits still leave a valid amount. */
export function hasTradableRange(terms: LimitTerms) {
  const { min, max } = tradeLimits(terms);
  return max > 0n && max >= min;
}

/**
 * Crypto for a typed fiat amount at the order price, rounded down to 8 decimals exactly as the
 * server computes it (docs/decisions/003-money-units-and-rounding.md). Null while the amount
 * is not a usable number.
 */
export function cryptoPreview(amountText: string, pricePerUnit: string): string | null {
  const amount = parseFiatInput(amountText);
  const price = tryParseAmount(pricePerUnit, 2);
  if (amount === null || amount <= 0n || price === null || price <= 0n) return null;
  return formatCrypto(cryptoForFiat(amount, price));
}

/** Limits as decimal strings (for "Мин" / "Макс" buttons and messages). */
export function tradeLimitTexts(terms: LimitTerms, cap: bigint | null = null) {
  const { min, max } = tradeLimits(terms, cap);
  const format = decimalsOf(terms.fiat_currency ?? 'RUB') === 8 ? formatCrypto : formatFiat;
  return { min: format(min), max: format(max) };
}

// ---- The caller's trade limits (GET /users/me/limits; docs/decisions/023, "Limits") ----

/**
 * The largest trade the caller may open on this order, in its fiat's minor units: a new
 * account's cap when the caller would be the buyer (taking a sell order), else null. The owner
 * of a buy order has limits of their own, which the server applies and names.
 */
export function buyerCap(
  limits: TradeLimitsView | null | undefined,
  orderType: 'buy' | 'sell',
  fiat: string,
): bigint | null {
  if (!limits?.maxTradeAmount || orderType !== 'sell') return null;
  const cap = (limits.maxTradeAmount as Record<string, string | undefined>)[fiat];
  return cap === undefined ? null : tryParseAmount(cap, 2);
}

/** Why the caller cannot open a trade on this order now, before any amount is typed. */
export type LimitBlock =
  | { kind: 'suspended'; limit: 'cancellations' | 'lost_disputes'; until: string | null; max: number }
  | { kind: 'full'; current: number; max: number; newAccount: boolean }
  | { kind: 'capBelowMin'; cap: bigint };

/**
 * A suspension stops taking any trade; a full count of open purchases or a cap below the
 * order's minimum stops buying (taking a sell order). Null: the form may be filled.
 */
export function limitBlock(
  limits: TradeLimitsView | null | undefined,
  orderType: 'buy' | 'sell',
  terms: Pick<TradeTerms, 'min_amount' | 'max_amount' | 'available_fiat'> & { fiat_currency: string },
): LimitBlock | null {
  if (!limits) return null;
  const [suspension] = limits.suspensions;
  if (suspension) {
    const max = suspension.limit === 'cancellations' ? limits.cancellations.max : limits.lostDisputes.max;
    return { kind: 'suspended', limit: suspension.limit, until: suspension.until, max };
  }
  if (orderType !== 'sell') return null;
  const { current, max } = limits.openTrades;
  if (current >= max) return { kind: 'full', current, max, newAccount: limits.newAccount };
  const cap = buyerCap(limits, orderType, terms.fiat_currency);
  if (cap !== null && cap < tradeLimits(terms).min) return { kind: 'capBelowMin', cap };
  return null;
}
