import {
  CRYPTOCURRENCIES,
  type Cryptocurrency,
  FIAT_CURRENCIES,
  FIAT_DECIMALS,
  type FiatCurrency,
  type Lang,
  type MarketPrices,
  marketPriceOf,
  tryParseAmount,
} from '@p2p/shared';
import { formatTenths } from '@/lib/format';

/**
 * Market reference prices are display data (plain numbers on the wire). To compare them with
 * order prices or to value a balance they are turned into fiat minor units once, here, and
 * everything after that is bigint arithmetic.
 */

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/**
 * Reference price of one coin in a currency of payment, in its minor units; null when the feed
 * has none. The same conversion as the server's repricing (shared marketPriceOf).
 */
export function marketPriceMinor(
  prices: MarketPrices | undefined,
  crypto: string,
  payIn: string,
): bigint | null {
  if (!prices || !isOneOf<Cryptocurrency>(CRYPTOCURRENCIES, crypto)) return null;
  if (!isOneOf<FiatCurrency>(FIAT_CURRENCIES, payIn) && !isOneOf<Cryptocurrency>(CRYPTOCURRENCIES, payIn))
    return null;
  return marketPriceOf(prices, crypto, payIn);
}

/** Deviation of a price from the market in tenths of a percent, rounded toward zero. */
export function deviationTenths(priceMinor: bigint, marketMinor: bigint): bigint {
  return ((priceMinor - marketMinor) * 1000n) / marketMinor;
}

/** An order price's deviation from the market as text, or null without a market price. */
export function priceDeviationText(
  pricePerUnit: string,
  marketMinor: bigint | null,
  lang: Lang = 'ru',
  /** 8 for a swap's price in a coin (docs/decisions/026). */
  decimals: number = FIAT_DECIMALS,
): string | null {
  const price = tryParseAmount(pricePerUnit, decimals);
  if (price === null || marketMinor === null) return null;
  return formatTenths(deviationTenths(price, marketMinor), lang);
}

/** The market price moved by a percent given in tenths (e.g. -25 = -2.5 %), rounded down to kopecks. */
export function applyPercent(marketMinor: bigint, tenths: number): bigint {
  const factor = 1000n + BigInt(Math.trunc(tenths));
  return factor <= 0n ? 0n : (marketMinor * factor) / 1000n;
}

/**
 * Approximate fiat value (minor units) of a crypto balance at a reference price. For display
 * only, and always labelled as an estimate with its price source.
 */
export function estimateValueMinor(amountCrypto: string, priceMinor: bigint | null): bigint | null {
  const amount = tryParseAmount(amountCrypto, 8);
  if (amount === null || priceMinor === null) return null;
  return (amount * priceMinor) / 10n ** 8n;
}
