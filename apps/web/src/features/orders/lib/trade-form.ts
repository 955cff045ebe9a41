import { CreateTradeRequest, formatFiat, tryParseAmount } from '@p2p/shared';
import { z } from 'zod';
import {
  cryptoPreview,
  normalizeDecimalInput,
  parseFiatInput,
  type TradeFormValues,
  type TradeTerms,
  tradeLimits,
} from './trade-limits';

export {
  buyerCap,
  cryptoPreview,
  hasTradableRange,
  type LimitBlock,
  limitBlock,
  normalizeDecimalInput,
  parseFiatInput,
  type TradeFormValues,
  type TradeTerms,
  tradeLimits,
  tradeLimitTexts,
} from './trade-limits';

/**
 * The trade form's rules as a zod schema whose messages are catalogue keys: an
 * amount typed the way people type it, within the order's limits (`range` are those limits
 * written for the message), and one of the order's payment methods. Valid values become the
 * POST /trades body and pass the shared CreateTradeRequest, as the server will check them.
 */
export function tradeFormSchema(
  orderId: string,
  terms: TradeTerms,
  range: { min: string; max: string },
  /** The caller's own cap (a new account's, `buyerCap`), when lower than the order's limits. */
  cap: bigint | null = null,
) {
  return z
    .object({
      amount: z.string().superRefine((text, ctx) => {
        const typed = normalizeDecimalInput(text);
        if (typed === '') return ctx.addIssue({ code: 'custom', message: 'validation.trade.amountRequired' });
        const amount = tryParseAmount(typed, 2);
        if (amount === null) return ctx.addIssue({ code: 'custom', message: 'validation.amount.decimals2' });
        const { min, max } = tradeLimits(terms, cap);
        if (amount <= 0n || amount < min || amount > max) {
          ctx.addIssue({ code: 'custom', message: 'validation.trade.range', params: range });
        }
      }),
      paymentMethod: z
        .string()
        .refine((method) => terms.payment_methods.includes(method), 'validation.trade.methodRequired'),
    })
    .transform((values) => tradeRequestBody(orderId, values, terms.price_per_unit))
    .pipe(CreateTradeRequest);
}

/** The request body of POST /trades for valid values. */
export function tradeRequestBody(
  orderId: string,
  values: TradeFormValues,
  pricePerUnit: string,
): z.input<typeof CreateTradeRequest> {
  const amountFiat = formatFiat(parseFiatInput(values.amount) ?? 0n);
  const amountCrypto = cryptoPreview(amountFiat, pricePerUnit);
  return {
    orderId,
    amountFiat,
    ...(amountCrypto ? { amountCrypto } : {}),
    paymentMethod: values.paymentMethod,
  };
}
