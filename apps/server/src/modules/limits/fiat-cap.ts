import {
  COIN_IDS,
  FALLBACK_PRICES,
  FEED_FIAT,
  type FiatCurrency,
  type MarketPrices,
  mulDivFloor,
  parseAmount,
} from '@p2p/shared';

/**
 * The price feed quotes every coin in each fiat; a ratio of two is the feed's rate between them.
 * Tether first (it tracks the dollar), then the deepest markets.
 */
const RATE_COINS = [COIN_IDS.USDT, COIN_IDS.BTC, COIN_IDS.ETH] as const;

/** A feed price (a float of display data) as an exact 8-place decimal, once; null if unusable. */
function exact(price: number | null | undefined): bigint | null {
  if (price === undefined || price === null || !Number.isFinite(price) || price <= 0) return null;
  const minor = parseAmount(price.toFixed(8), 8);
  return minor > 0n ? minor : null;
}

/**
 * `capRub` (kopecks) in `fiat`'s minor units at the feed's rate, rounded down: the cap of a new
 * account's trade (docs/decisions/023, "Limits"). Integer arithmetic only: the feed's two prices
 * of one coin become exact decimals and the cap is capRub x price(fiat) / price(RUB). Without a
 * usable quote in `prices`, the fallback table's rate (the market screen's offline prices).
 */
export function capInFiat(capRub: bigint, fiat: FiatCurrency, prices: MarketPrices | null): bigint {
  if (fiat === 'RUB') return capRub;
  const tables: MarketPrices[] = [prices ?? {}, FALLBACK_PRICES];
  for (const table of tables) {
    for (const id of RATE_COINS) {
      const coin = table[id];
      const inFiat = exact(coin?.[FEED_FIAT[fiat]]);
      const inRub = exact(coin?.rub);
      if (inFiat !== null && inRub !== null) return mulDivFloor(capRub, inFiat, inRub);
    }
  }
  throw new Error(`no rate for ${fiat}`);
}
