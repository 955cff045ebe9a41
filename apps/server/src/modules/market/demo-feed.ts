import {
  COIN_IDS,
  type CoinPrice,
  type CoinSymbol,
  EXTRA_FIAT_FIGURES,
  FALLBACK_PRICES,
  type MarketPrices,
} from '@p2p/shared';

/**
 * The demo price feed (PRICE_FEED=demo, or standing in for an unreachable feed under
 * PRICE_FEED=auto; docs/decisions/036): a seeded random walk around a base table, so floating
 * orders and the wallet have prices on a laptop without network. Never in production
 * (config.ts refuses it).
 *
 * The walk is a pure function of the seed and the time: every step of STEP_MS draws one
 * number per coin from a hash of (seed, coin, step), and a coin's log-price is the sum of the
 * recent draws, each weighing less the older it is (an exponentially decaying, mean-reverting
 * walk). Between two steps the log-price moves linearly, so a price read at any moment is
 * smooth, and two instances (or two runs) with one seed show the same prices at the same time.
 */

/** One step of the walk. */
export const DEMO_STEP_MS = 60_000;
/** How much of the past a step keeps: each step the walk forgets this share of its deviation. */
const REVERSION = 0.05;
/** Steps summed; older draws weigh less than (1 − REVERSION)^240 ≈ 5e-6. */
const MEMORY = 240;
const DAY_MS = 24 * 60 * 60_000;
/** Size of one step's draw, per coin (the walk then strays about 3× this from its base). */
const STEP_VOLATILITY: Record<CoinSymbol, number> = {
  BTC: 0.004,
  ETH: 0.005,
  USDT: 0.0001,
  BNB: 0.005,
  SOL: 0.007,
  ADA: 0.007,
  DOGE: 0.008,
  LTC: 0.006,
  DOT: 0.007,
};
const SYMBOLS = Object.keys(COIN_IDS) as CoinSymbol[];
const DECAY = 1 - REVERSION;

/** murmur3's 32-bit finaliser: every input bit moves every output bit. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The draw of one coin at one step: uniform with mean 0 and variance 1. */
function draw(seed: number, coin: number, step: number): number {
  const h = mix32(mix32(seed ^ Math.imul(coin + 1, 0x9e3779b1)) ^ step);
  return (h / 2 ** 32 - 0.5) * 2 * Math.sqrt(3);
}

/** The walk's log-deviation of one coin at a whole step. */
function logAtStep(seed: number, coin: number, step: number): number {
  let sum = 0;
  let weight = 1;
  for (let back = 0; back < MEMORY; back++) {
    sum += weight * draw(seed, coin, step - back);
    weight *= DECAY;
  }
  return sum * STEP_VOLATILITY[SYMBOLS[coin] as CoinSymbol];
}

/** The walk's log-deviation of one coin at any moment (linear between steps). */
function logAt(seed: number, coin: number, ms: number): number {
  const step = Math.floor(ms / DEMO_STEP_MS);
  const part = (ms - step * DEMO_STEP_MS) / DEMO_STEP_MS;
  const from = logAtStep(seed, coin, step);
  return from + part * (logAtStep(seed, coin, step + 1) - from);
}

/** Eight significant digits: a quote, not binary noise. */
const quote = (value: number) => Number(value.toPrecision(8));

export interface DemoFeedOptions {
  seed: number;
  /** The prices the walk strays around: the fallback table unless given. */
  base?: MarketPrices;
  /** A moment at which the walk equals `base` exactly (a stand-in starts where the feed stopped). */
  anchor?: Date;
}

/** The demo feed's prices at `at`: every coin of the base, every fiat it has, with 24 h change. */
export function demoPrices(options: DemoFeedOptions, at: Date): MarketPrices {
  const base = options.base ?? (FALLBACK_PRICES as MarketPrices);
  const ms = at.getTime();
  const prices: MarketPrices = {};
  SYMBOLS.forEach((symbol, coin) => {
    const figures = base[COIN_IDS[symbol]];
    if (!figures) return;
    const offset = options.anchor ? logAt(options.seed, coin, options.anchor.getTime()) : 0;
    const now = logAt(options.seed, coin, ms) - offset;
    const dayAgo = logAt(options.seed, coin, ms - DAY_MS) - offset;
    prices[COIN_IDS[symbol]] = walked(figures, Math.exp(now), quote((Math.exp(now - dayAgo) - 1) * 100));
  });
  return prices;
}

/** A coin's base figures moved by `factor`: every fiat alike (their cross rates stay the base's). */
function walked(figures: CoinPrice, factor: number, change: number): CoinPrice {
  const coin: CoinPrice = {
    usd: quote(figures.usd * factor),
    rub: quote(figures.rub * factor),
    usd_market_cap: null,
    usd_24h_vol: null,
    usd_24h_change: change,
    rub_market_cap: null,
    rub_24h_vol: null,
    rub_24h_change: change,
  };
  for (const fiat of EXTRA_FIAT_FIGURES) {
    const figure = figures[fiat];
    coin[fiat] = typeof figure === 'number' ? quote(figure * factor) : null;
    coin[`${fiat}_24h_change`] = typeof figure === 'number' ? change : null;
  }
  return coin;
}
