import {
  COIN_IDS,
  type CoinSymbol,
  FIAT_DECIMALS,
  type Lang,
  type MarketPrices,
  tryParseAmount,
} from '@p2p/shared';
import { formatTenths } from '@/lib/format';

/**
 * Market reference prices are display data (plain numbers on the wire). To compare them with
 * order prices or to value a balance they are turned into fiat minor units once, here, and
 * everything after that is bigint arithmetic.
 */

/** Reference price of one coin in RUB or USD, in fiat minor units; null when the feed has none. */
export function marketPriceMinor(
  prices: MarketPrices | undefined,
  crypto: string,
  fiat: string,
): bigint | null {
  const coinId = COIN_IDS[crypto as CoinSymbol];
  const coin = coinId ? prices?.[coinId] : undefined;
  const value = fiat === 'RUB' ? coin?.rub : fiat === 'USD' ? coin?.usd : undefined;
  if (value === undefined || !Number.isFinite(value) || value <= 0) return null;
  const minor = BigInt(Math.round(value * 10 ** FIAT_DECIMALS));
  return minor > 0n ? minor : null;
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
): string | null {
  const price = tryParseAmount(pricePerUnit, FIAT_DECIMALS);
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
