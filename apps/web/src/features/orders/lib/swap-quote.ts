import { formatCrypto, type OrderView, swapQuoteForCrypto, tryParseAmount } from '@p2p/shared';
import { normalizeDecimalInput } from './trade-limits';

/** What the taker of a swap gives and gets, as 8-decimal strings, or why the amount will not do. */
export type SwapQuoteText =
  | { ok: true; paid: string; fee: string; received: string }
  | { ok: false; problem: 'swap.amountInvalid' | 'swap.outOfLimits' | 'swap.moreThanLeft' };

/**
 * The quote of taking `amountText` coins of a swap offer (docs/decisions/026): the shared
 * swapQuoteForCrypto, the same rounding the server settles with (the payment rounded up, the fee
 * on the coins received), checked against the offer's remainder and limits in the payment coin.
 */
export function swapQuote(
  order: Pick<OrderView, 'price_per_unit' | 'min_amount' | 'max_amount' | 'available_amount'>,
  amountText: string,
  feePpm: bigint,
): SwapQuoteText {
  const crypto = tryParseAmount(normalizeDecimalInput(amountText), 8);
  const price = tryParseAmount(order.price_per_unit, 8);
  if (crypto === null || crypto <= 0n || price === null) return { ok: false, problem: 'swap.amountInvalid' };
  if (crypto > (tryParseAmount(order.available_amount, 8) ?? 0n))
    return { ok: false, problem: 'swap.moreThanLeft' };
  const q = swapQuoteForCrypto(crypto, price, feePpm);
  const min = tryParseAmount(order.min_amount, 8) ?? 0n;
  const max = tryParseAmount(order.max_amount, 8) ?? 0n;
  if (q.amountPaid < min || q.amountPaid > max) return { ok: false, problem: 'swap.outOfLimits' };
  return {
    ok: true,
    paid: formatCrypto(q.amountPaid),
    fee: formatCrypto(q.fee),
    received: formatCrypto(q.received),
  };
}
