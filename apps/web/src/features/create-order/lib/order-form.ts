import {
  CreateOrderRequest,
  type Cryptocurrency,
  decimalsOf,
  fiatValue,
  formatCrypto,
  formatFiat,
  isSwapPayment,
  type MessageKey,
  ORDER_MIN_CRYPTO,
  ORDER_MIN_FIAT,
  orderAmountIssues,
  type PaymentCurrency,
  type PaymentMethod,
  parseMarginBp,
  TAKER_CONDITION_MAX,
  tryParseAmount,
} from '@p2p/shared';
import { z } from 'zod';

export const DESCRIPTION_MAX = 500;
export const TIME_LIMIT_MIN = 15;
export const TIME_LIMIT_MAX = 1440;
export const TIME_LIMIT_DEFAULT = 30;

/** The create-order form as typed. */
export interface OrderFormState {
  type: 'buy' | 'sell';
  cryptocurrency: Cryptocurrency;
  /** A fiat, or a coin: an instant swap, priced and limited in that coin (docs/decisions/026). */
  fiat: PaymentCurrency;
  amount: string;
  /** The fixed price; for a floating order the price its margin gives at the market now. */
  price: string;
  /** Fixed, or following the market (docs/decisions/027). */
  priceType: 'fixed' | 'floating';
  /** A floating order's offset from the market, in percent as typed. */
  margin: string;
  /** A floating order's guard price, optional. */
  priceLimit: string;
  methods: PaymentMethod[];
  minLimit: string;
  maxLimit: string;
  description: string;
  timeLimit: string;
  /** Conditions for the taker (docs/decisions/028): whole numbers, empty = none. */
  minTakerTrades: string;
  minTakerAgeDays: string;
}

export type OrderField =
  | 'amount_crypto'
  | 'price_per_unit'
  | 'total_amount'
  | 'payment_methods'
  | 'min_amount'
  | 'max_amount'
  | 'description'
  | 'time_limit'
  | 'margin_percent'
  | 'price_limit'
  | 'min_taker_trades'
  | 'min_taker_age_days'
  /** A swap paid in the coin it sells (docs/decisions/026). */
  | 'fiat_currency';

/** A field error: the field and the catalogue key of the rule it breaks. */
export interface OrderFieldIssue {
  field: OrderField;
  key: MessageKey;
}

/**
 * The payment window a new order starts with: the user's default from the settings (5 to 60
 * minutes), raised to the order form's own minimum, since an order's window is 15 to 1440.
 */
export function defaultTimeLimit(fromSettings: number | undefined): string {
  if (fromSettings === undefined || !Number.isInteger(fromSettings)) return String(TIME_LIMIT_DEFAULT);
  return String(Math.min(TIME_LIMIT_MAX, Math.max(TIME_LIMIT_MIN, fromSettings)));
}

export function initialOrderForm(type: 'buy' | 'sell'): OrderFormState {
  return {
    type,
    cryptocurrency: 'BTC',
    fiat: 'RUB',
    amount: '',
    price: '',
    priceType: 'fixed',
    margin: '0',
    priceLimit: '',
    methods: [],
    minLimit: '',
    maxLimit: '',
    description: '',
    timeLimit: String(TIME_LIMIT_DEFAULT),
    minTakerTrades: '',
    minTakerAgeDays: '',
  };
}

/** Spaces and a comma decimal separator are fine to type ("1 000,5" -> "1000.5"). */
export const normalize = (text: string) => text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');

const positive = (text: string, decimals: number) => {
  const value = tryParseAmount(normalize(text), decimals);
  return value !== null && value > 0n;
};

/** Minor units of the payment currency as a decimal string: 8 places for a coin, 2 for a fiat. */
export const formatPaidMinor = (minor: bigint, payIn: string): string =>
  isSwapPayment(payIn) ? formatCrypto(minor) : formatFiat(minor);

/** Preview only with amount and price above 0 and at least one payment method (a swap has none). */
export function canPreview(form: OrderFormState): boolean {
  const methods = isSwapPayment(form.fiat) || form.methods.length > 0;
  return positive(form.amount, 8) && positive(form.price, decimalsOf(form.fiat)) && methods;
}

/** amount x price in the payment currency's minor units (rounded down); null until both are numbers. */
export function orderTotalMinor(
  form: Pick<OrderFormState, 'amount' | 'price'> & { fiat?: PaymentCurrency },
): bigint | null {
  const amount = tryParseAmount(normalize(form.amount), 8);
  const price = tryParseAmount(normalize(form.price), decimalsOf(form.fiat ?? 'RUB'));
  if (amount === null || price === null) return null;
  return fiatValue(amount, price);
}

/**
 * The limits a trade will have, as the server sets them: typed values, else the smallest allowed
 * minimum (1 000 ₽ / 10 $) and the whole order total as maximum. Null parts are not numbers yet.
 */
export function effectiveLimits(form: OrderFormState): { min: string | null; max: string | null } {
  const decimals = decimalsOf(form.fiat);
  const parse = (text: string) => {
    const value = tryParseAmount(normalize(text), decimals);
    return value === null ? null : formatPaidMinor(value, form.fiat);
  };
  const total = orderTotalMinor(form);
  const floor = isSwapPayment(form.fiat) ? ORDER_MIN_CRYPTO[form.fiat] : ORDER_MIN_FIAT[form.fiat];
  return {
    min:
      form.minLimit.trim() === ''
        ? formatPaidMinor(tryParseAmount(floor, decimals) ?? 0n, form.fiat)
        : parse(form.minLimit),
    max:
      form.maxLimit.trim() === ''
        ? total === null
          ? null
          : formatPaidMinor(total, form.fiat)
        : parse(form.maxLimit),
  };
}

/** The POST /orders body (snake_case, amounts as strings); empty limits are left to the server. */
export function toCreateOrderBody(form: OrderFormState) {
  const min = normalize(form.minLimit);
  const max = normalize(form.maxLimit);
  const description = form.description.trim();
  const limit = normalize(form.priceLimit);
  const pricing =
    form.priceType === 'floating' && !isSwapPayment(form.fiat)
      ? {
          price_type: 'floating' as const,
          margin_percent: normalize(form.margin),
          price_limit: limit === '' ? undefined : limit,
        }
      : { price_type: 'fixed' as const, price_per_unit: normalize(form.price) };
  // A swap is a sale with no payment methods and no time to pay (docs/decisions/026).
  const swap = isSwapPayment(form.fiat);
  return {
    type: swap ? 'sell' : form.type,
    cryptocurrency: form.cryptocurrency,
    fiat_currency: form.fiat,
    amount_crypto: normalize(form.amount),
    ...pricing,
    total_amount: formatPaidMinor(orderTotalMinor(form) ?? 0n, form.fiat),
    min_amount: min === '' ? undefined : min,
    max_amount: max === '' ? undefined : max,
    payment_methods: swap ? [] : form.methods,
    description: description === '' ? undefined : description,
    time_limit: swap ? undefined : Number(form.timeLimit),
    min_taker_trades: wholeOrNone(form.minTakerTrades),
    min_taker_age_days: wholeOrNone(form.minTakerAgeDays),
  };
}

/** A condition as typed: empty is none (undefined), else the number (the schema checks it). */
function wholeOrNone(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(normalize(trimmed));
}

/** Whether a typed condition is empty or a whole number from 0 to `max`. */
function conditionOk(text: string, max: number): boolean {
  const trimmed = text.trim();
  return trimmed === '' || (/^\d+$/.test(trimmed) && Number(trimmed) <= max);
}

/**
 * Every field error of the order rules for the form. Cross-field amount rules come from the shared
 * orderAmountIssues (the same function the server runs), so the form and the server agree.
 */
export function orderFormIssues(form: OrderFormState): OrderFieldIssue[] {
  const issues: OrderFieldIssue[] = [];
  const amountText = normalize(form.amount);
  const priceText = normalize(form.price);
  const minText = normalize(form.minLimit);
  const maxText = normalize(form.maxLimit);
  // Too many decimals would read as "below the minimum": say what is actually wrong.
  if (amountText !== '' && tryParseAmount(amountText, 8) === null) {
    issues.push({ field: 'amount_crypto', key: 'validation.amount.decimals8' });
  }
  const swap = isSwapPayment(form.fiat);
  if (priceText !== '' && tryParseAmount(priceText, decimalsOf(form.fiat)) === null) {
    issues.push({
      field: 'price_per_unit',
      key: swap ? 'validation.amount.decimals8' : 'validation.amount.decimals2',
    });
  }
  if (form.priceType === 'floating' && !isSwapPayment(form.fiat)) {
    if (parseMarginBp(form.margin) === null)
      issues.push({ field: 'margin_percent', key: 'validation.order.margin' });
    const limit = normalize(form.priceLimit);
    if (limit !== '' && !positive(limit, 2))
      issues.push({ field: 'price_limit', key: 'validation.order.priceLimit' });
  }
  if (issues.length === 0) {
    for (const issue of orderAmountIssues({
      cryptocurrency: form.cryptocurrency,
      fiat_currency: form.fiat,
      amount_crypto: amountText,
      price_per_unit: priceText,
      min_amount: minText === '' ? undefined : minText,
      max_amount: maxText === '' ? undefined : maxText,
    })) {
      // The shared rule's key; the form writes its minimums in the UI language (orderFormSchema).
      issues.push({ field: issue.path as OrderField, key: issue.message });
    }
  }
  if (!swap && form.methods.length === 0)
    issues.push({ field: 'payment_methods', key: 'validation.order.methods' });
  if (form.description.length > DESCRIPTION_MAX) {
    issues.push({ field: 'description', key: 'validation.order.description' });
  }
  const time = Number(form.timeLimit);
  if (!swap && (!/^\d+$/.test(form.timeLimit.trim()) || time < TIME_LIMIT_MIN || time > TIME_LIMIT_MAX)) {
    issues.push({ field: 'time_limit', key: 'validation.order.timeLimit' });
  }
  if (!conditionOk(form.minTakerTrades, TAKER_CONDITION_MAX.trades)) {
    issues.push({ field: 'min_taker_trades', key: 'validation.order.minTakerTrades' });
  }
  if (!conditionOk(form.minTakerAgeDays, TAKER_CONDITION_MAX.ageDays)) {
    issues.push({ field: 'min_taker_age_days', key: 'validation.order.minTakerAgeDays' });
  }
  return issues;
}

/** The description counter turns amber at 80 % and red at 95 % of the maximum. */
export function counterTone(length: number, max = DESCRIPTION_MAX): 'normal' | 'warn' | 'danger' {
  if (length >= max * 0.95) return 'danger';
  if (length >= max * 0.8) return 'warn';
  return 'normal';
}

/** The form field each rule's message is shown under (the total belongs to the price). */
export const FORM_FIELD_OF: Record<OrderField, keyof OrderFormState> = {
  amount_crypto: 'amount',
  price_per_unit: 'price',
  total_amount: 'price',
  payment_methods: 'methods',
  min_amount: 'minLimit',
  max_amount: 'maxLimit',
  description: 'description',
  time_limit: 'timeLimit',
  margin_percent: 'margin',
  price_limit: 'priceLimit',
  min_taker_trades: 'minTakerTrades',
  min_taker_age_days: 'minTakerAgeDays',
  fiat_currency: 'fiat',
};

/**
 * The create-order rules (docs/product/trading-rules.md) as a zod schema for react-hook-form:
 * each issue is a
 * catalogue key under its form field, with the minimums it names (`values`, written in the UI
 * language); valid values become the POST /orders body and pass the shared CreateOrderRequest.
 */
export function orderFormSchema(values: (form: OrderFormState) => Record<string, string>) {
  return z
    .custom<OrderFormState>()
    .superRefine((form, ctx) => {
      for (const issue of orderFormIssues(form)) {
        ctx.addIssue({
          code: 'custom',
          path: [FORM_FIELD_OF[issue.field]],
          message: issue.key,
          params: values(form),
        });
      }
    })
    .transform((form): z.input<typeof CreateOrderRequest> => toCreateOrderBody(form))
    .pipe(CreateOrderRequest);
}
