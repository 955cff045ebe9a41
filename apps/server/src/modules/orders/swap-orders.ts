import {
  type Cryptocurrency,
  deviationPercentText,
  type FiatCurrency,
  formatCrypto,
  isSwapPayment,
  marketPriceOf,
  ORDER_MIN_CRYPTO,
  ORDER_MIN_FIAT,
  type PaymentCurrency,
  parseAmount,
  priceDeviationBp,
  SWAP_PRICE_CONFIRM_BP,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError } from '../../errors.ts';

/**
 * The publishing side of instant swaps (docs/decisions/026-instant-swaps.md): an order paid in
 * a coin. Taking one is `modules/swaps`, which reuses the price check below.
 */

/** A swap has no time to pay; the column keeps its smallest legal value, the wire shows 0. */
export const SWAP_TIME_LIMIT = 15;

/** Decimals of an amount in an order's currency of payment: 8 for a coin, 2 for a fiat. */
export const paymentDecimals = (payIn: string): number => (isSwapPayment(payIn) ? 8 : 2);

/** The smallest per-fill limit when the owner sets none: the payment currency's minimum. */
export function defaultMinAmount(payIn: PaymentCurrency): bigint {
  return isSwapPayment(payIn)
    ? parseAmount(ORDER_MIN_CRYPTO[payIn], 8)
    : parseAmount(ORDER_MIN_FIAT[payIn as FiatCurrency], 2);
}

/** The market price of `crypto` in `payIn` (minor units per coin), or null without a live or recent feed. */
export async function swapMarketPrice(
  ctx: Needs<'prices'>,
  crypto: Cryptocurrency,
  payIn: Cryptocurrency,
): Promise<bigint | null> {
  const current = await ctx.prices.current();
  const market = current.ok ? marketPriceOf(current.prices, crypto, payIn) : null;
  return market !== null && market > 0n ? market : null;
}

/**
 * A price far from the market needs `confirmed` (a typo must not sell a balance at a tenth of
 * its worth). Publishing checks both directions; taking only a price above the market (the
 * taker overpays). Without a market price (`market` null: the feed is on its fallback table)
 * every swap price needs confirming. Run before any write, so a refusal writes nothing.
 */
export function assertSwapPrice(c: {
  price: bigint;
  market: bigint | null;
  confirmed: boolean;
  side: 'publish' | 'take';
}): void {
  if (c.confirmed) return;
  const price = formatCrypto(c.price);
  if (c.market === null) {
    throw new AppError('PRICE_CONFIRMATION_REQUIRED', 'errors.swapPriceUnchecked', undefined, {
      reason: 'market_unavailable',
      price,
    });
  }
  const bp = priceDeviationBp(c.price, c.market);
  const above = bp > SWAP_PRICE_CONFIRM_BP;
  const below = -bp > SWAP_PRICE_CONFIRM_BP;
  if (!above && !(c.side === 'publish' && below)) return;
  throw new AppError(
    'PRICE_CONFIRMATION_REQUIRED',
    'errors.swapPriceFar',
    { deviation: deviationPercentText(bp) },
    { reason: 'deviation', deviationBp: Number(bp), price, marketPrice: formatCrypto(c.market) },
  );
}
