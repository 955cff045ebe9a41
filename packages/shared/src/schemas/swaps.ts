import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { type Cryptocurrency, fiatValue, tryParseAmount } from '../money.ts';
import type { OrderRuleIssue } from './orders.ts';
import { text } from './text.ts';
import { SecondFactorCode } from './two-factor.ts';

/** The swap rules' messages, as catalogue keys (docs/decisions/026-instant-swaps.md). */
export const SwapMessages = {
  /** With `{ crypto, payIn }`: buying BTC with USDT is published as selling USDT for BTC. */
  sellOnly: 'validation.swap.sellOnly',
  sameCoin: 'validation.swap.sameCoin',
  price: 'validation.order.price',
  /** With `{ amount, currency }`. */
  minTotal: 'validation.swap.minTotal',
  /** With `{ amount, currency }`. */
  minLimit: 'validation.swap.minLimit',
  maxLimit: 'validation.order.maxLimit',
  tooLarge: 'validation.order.tooLarge',
  oneAmount: 'validation.swap.oneAmount',
  amount: 'validation.swap.amount',
} as const satisfies Record<string, MessageKey>;

/** A price far above any market: 1e8 of the payment coin per coin, in minor units. */
const SWAP_MAX_PRICE_MINOR = 10n ** 16n;
const SWAP_MAX_MINOR = 10n ** 17n;

/**
 * The amount rules of an order paid in a coin (docs/decisions/026): the price, the total and the
 * limits are in the payment coin's minor units (8 decimals); the smallest total and the default
 * smallest fill are the payment coin's order minimum (`minimums`, ORDER_MIN_CRYPTO).
 */
export function swapOrderIssues(
  o: {
    cryptocurrency: Cryptocurrency;
    fiat_currency: Cryptocurrency;
    price_per_unit: string;
    min_amount?: string | undefined;
    max_amount?: string | undefined;
  },
  amount: bigint,
  minimums: Record<Cryptocurrency, string>,
): OrderRuleIssue[] {
  const payIn = o.fiat_currency;
  if (payIn === o.cryptocurrency) return [{ path: 'fiat_currency', message: SwapMessages.sameCoin }];
  const price = tryParseAmount(o.price_per_unit, 8);
  if (price === null || price <= 0n || price > SWAP_MAX_PRICE_MINOR)
    return [{ path: 'price_per_unit', message: SwapMessages.price }];
  const total = fiatValue(amount, price);
  const floor = tryParseAmount(minimums[payIn], 8) ?? 0n;
  const values = { amount: minimums[payIn], currency: payIn };
  if (total < floor) return [{ path: 'total_amount', message: SwapMessages.minTotal, values }];
  if (total > SWAP_MAX_MINOR) return [{ path: 'total_amount', message: SwapMessages.tooLarge }];
  const issues: OrderRuleIssue[] = [];
  const min = o.min_amount === undefined ? floor : tryParseAmount(o.min_amount, 8);
  if (min === null || min < floor || min > total)
    issues.push({ path: 'min_amount', message: SwapMessages.minLimit, values });
  const max = o.max_amount === undefined ? total : tryParseAmount(o.max_amount, 8);
  if (max === null || max <= 0n || (min !== null && max < min) || max > total)
    issues.push({ path: 'max_amount', message: SwapMessages.maxLimit });
  return issues;
}

const decimalString = text({ max: 40, messages: { required: SwapMessages.amount } });

/**
 * `POST /orders/{id}/swap`: take a swap offer. Exactly one amount: `amount_crypto`, the offered
 * coin to receive before the fee, or `amount_paid`, the payment coin to give. `totp_code` is
 * required (a missing one is refused like `confirm_payment`'s: 403 TWO_FACTOR_REQUIRED);
 * `confirm_price` accepts a price far above the market.
 */
export const TakeSwapRequest = z
  .object({
    amount_crypto: decimalString.optional(),
    amount_paid: decimalString.optional(),
    totp_code: SecondFactorCode.optional(),
    confirm_price: z.boolean().optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.amount_crypto === undefined) === (r.amount_paid === undefined))
      ctx.addIssue({ code: 'custom', path: ['amount_crypto'], message: SwapMessages.oneAmount });
  });
export type TakeSwapRequest = z.infer<typeof TakeSwapRequest>;

/** A settled swap as its taker sees it: what they gave and what they got. Amounts: 8 decimals. */
export const SwapView = z.object({
  id: z.uuid(),
  order_id: z.uuid(),
  /** The coin the taker received (the order's `cryptocurrency`). */
  cryptocurrency: z.string(),
  /** The coin the taker paid with (the order's `fiat_currency`). */
  paid_currency: z.string(),
  /** Left the offer: what the taker received plus the fee. */
  amount_crypto: z.string(),
  fee_amount: z.string(),
  received_amount: z.string(),
  amount_paid: z.string(),
  price_per_unit: z.string(),
  created_at: z.string(),
});
export type SwapView = z.infer<typeof SwapView>;
