import { cryptoForFiat, formatCrypto, formatFiat, tryParseAmount } from '@p2p/shared';

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
 * and any amount up to it buys at most what the order still has.
 */
export function tradeLimits(terms: Pick<TradeTerms, 'min_amount' | 'max_amount' | 'available_fiat'>): {
  min: bigint;
  max: bigint;
} {
  const min = tryParseAmount(terms.min_amount, 2) ?? 0n;
  const maxAmount = tryParseAmount(terms.max_amount, 2) ?? 0n;
  const available = tryParseAmount(terms.available_fiat, 2) ?? maxAmount;
  return { min, max: available < maxAmount ? available : maxAmount };
}

/** An order can take a trade only while its limits still leave a valid amount. */
export function hasTradableRange(terms: Pick<TradeTerms, 'min_amount' | 'max_amount' | 'available_fiat'>) {
  const { min, max } = tradeLimits(terms);
  return max > 0n && max >= min;
}

/**
 * Crypto for a typed fiat amount at the order price, rounded down to 8 decimals exactly as the
 * server computes it (DESIGN §2). Null while the amount is not a usable number.
 */
export function cryptoPreview(amountText: string, pricePerUnit: string): string | null {
  const amount = parseFiatInput(amountText);
  const price = tryParseAmount(pricePerUnit, 2);
  if (amount === null || amount <= 0n || price === null || price <= 0n) return null;
  return formatCrypto(cryptoForFiat(amount, price));
}

/** Limits as decimal strings (for "Мин" / "Макс" buttons and messages). */
export function tradeLimitTexts(terms: Pick<TradeTerms, 'min_amount' | 'max_amount' | 'available_fiat'>) {
  const { min, max } = tradeLimits(terms);
  return { min: formatFiat(min), max: formatFiat(max) };
}
