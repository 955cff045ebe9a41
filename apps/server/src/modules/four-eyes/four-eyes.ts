import { COIN_IDS, CRYPTO_DECIMALS, type Cryptocurrency, FALLBACK_PRICES, formatAmount } from '@p2p/shared';
import { assert } from '../../errors.ts';
import type { CurrentPrices } from '../market/index.ts';

/** The price feed as four eyes reads it (MarketPricesService; tests may pass a stub). */
export interface PriceSource {
  current(): Promise<CurrentPrices>;
}

const RATE_DECIMALS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const COIN_SCALE = 10n ** BigInt(CRYPTO_DECIMALS);

/**
 * A feed's USD price as an integer of 1e-8 dollars: the one place a float becomes a number we
 * compare (via its decimal text, no arithmetic on the float). Null for a price that is not a
 * positive finite number of sane size.
 */
export function usdRateE8(usd: number | undefined): bigint | null {
  if (usd === undefined || !Number.isFinite(usd) || usd <= 0 || usd >= 1e12) return null;
  const [whole = '0', fraction = ''] = usd.toFixed(RATE_DECIMALS).split('.');
  const rate = BigInt(whole) * RATE_SCALE + BigInt(fraction.padEnd(RATE_DECIMALS, '0'));
  return rate > 0n ? rate : null;
}

/** The USD value of an amount in a coin's minor units, in whole cents, rounded down. */
export function usdCentsOf(amount: bigint, rateE8: bigint): bigint {
  return (amount * rateE8 * 100n) / (COIN_SCALE * RATE_SCALE);
}

/** More than `thresholdUsd` dollars, compared exactly: amount × rate > threshold. */
export function exceedsUsd(amount: bigint, rateE8: bigint, thresholdUsd: number): boolean {
  assert(Number.isSafeInteger(thresholdUsd) && thresholdUsd >= 0, `bad FOUR_EYES_USD ${thresholdUsd}`);
  return amount * rateE8 > BigInt(thresholdUsd) * COIN_SCALE * RATE_SCALE;
}

/** "1234.56" from cents. */
export const formatUsdCents = (cents: bigint): string => formatAmount(cents, 2);

/** USD rates of every coin at one moment. */
export interface UsdRates {
  rateOf(currency: Cryptocurrency): bigint;
  source: CurrentPrices['source'];
}

/**
 * The price feed's USD rate of every coin (live, cached, or the fallback table when the feed
 * is down, as the market screen shows them); a coin the feed left out takes its fallback
 * rate. Read before a transaction opens: a feed call never holds a lock.
 */
export async function currentUsdRates(prices: PriceSource): Promise<UsdRates> {
  const current = await prices.current();
  return {
    source: current.source,
    rateOf(currency) {
      const id = COIN_IDS[currency];
      const rate = usdRateE8(current.prices[id]?.usd) ?? usdRateE8(FALLBACK_PRICES[id]?.usd);
      assert(rate !== null, `no USD rate for ${currency}, not even a fallback`);
      return rate;
    },
  };
}

/** What an amount is worth and whether a second admin must approve it (docs/decisions/023). */
export function valuation(amount: bigint, rateE8: bigint, thresholdUsd: number) {
  return {
    usdCents: usdCentsOf(amount, rateE8),
    needsSecondAdmin: exceedsUsd(amount, rateE8, thresholdUsd),
  };
}
