/**
 * Market reference prices (GET /market/current-prices). These are display data for
 * the market screen and the order form's price hints: plain numbers, never money. Money stays
 * in integer minor units (see money.ts) and no balance or trade amount is derived from them.
 *
 * No zod here: the market page reads prices on its first load and must not need it. The zod
 * schemas of the same answers are in schemas/market.ts; `readPricesAnswer` accepts exactly what
 * they accept (market-prices.test.ts).
 */

import type { MessageKey } from './i18n/runtime.ts';
import {
  CRYPTO_DECIMALS,
  type Cryptocurrency,
  decimalsOf,
  FIAT_CURRENCIES,
  type FiatCurrency,
} from './money.ts';

/** Coin symbol -> CoinGecko id, the key the price feed and the wire answer use. */
export const COIN_IDS = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  USDT: 'tether',
  BNB: 'binancecoin',
  SOL: 'solana',
  ADA: 'cardano',
  DOGE: 'dogecoin',
  LTC: 'litecoin',
  DOT: 'polkadot',
} as const;
export type CoinSymbol = keyof typeof COIN_IDS;
/** A CoinGecko id (exported as `CoinId` with its schema by schemas/market.ts). */
type CoinId = (typeof COIN_IDS)[CoinSymbol];

export const COIN_ID_LIST = Object.values(COIN_IDS) as [CoinId, ...CoinId[]];

/** The feed's name of a fiat currency (`vs_currencies` of a CoinGecko `simple/price` call). */
export const FEED_FIAT = {
  RUB: 'rub',
  USD: 'usd',
  EUR: 'eur',
  CNY: 'cny',
  TRY: 'try',
  KZT: 'kzt',
} as const satisfies Record<FiatCurrency, string>;
/** Prices besides usd and rub: a feed may lack one (the pair is then without a market price). */
export const EXTRA_FIAT_FIGURES = ['eur', 'cny', 'try', 'kzt'] as const;
type ExtraFiat = (typeof EXTRA_FIAT_FIGURES)[number];
type ExtraFiatFigures = Record<ExtraFiat | `${ExtraFiat}_24h_change`, number | null>;

/** One coin in the CoinGecko `simple/price` shape (the type of schemas/market.ts `CoinPrice`). */
interface CoinPriceFigures extends Partial<ExtraFiatFigures> {
  usd: number;
  rub: number;
  usd_market_cap: number | null;
  usd_24h_vol: number | null;
  usd_24h_change: number | null;
  rub_market_cap: number | null;
  rub_24h_vol: number | null;
  rub_24h_change: number | null;
}
type PriceTable = Partial<Record<CoinId, CoinPriceFigures>>;

/** What a client is told while prices are the fallback table (a catalogue key). */
export const PRICES_FALLBACK_KEY = 'errors.pricesFallback' satisfies MessageKey;

/** Rubles per US dollar used for fallback prices (docs/product/texts-and-limits.md). */
export const FALLBACK_RUB_PER_USD = 93;

/** Units of each fiat per US dollar in the fallback table: rough, fixed, update by hand. */
export const FALLBACK_FIAT_PER_USD: Readonly<Record<FiatCurrency, number>> = {
  RUB: FALLBACK_RUB_PER_USD,
  USD: 1,
  EUR: 0.92,
  CNY: 7.2,
  TRY: 34,
  KZT: 480,
};

/**
 * FALLBACK REFERENCE PRICES, in USD. Rough, fixed figures shown only when the live feed is
 * unreachable, so the market screen still has an order of magnitude to display. They are not
 * quotes: update them by hand if they drift far from reality.
 */
export const FALLBACK_USD_PRICES: Readonly<Record<CoinSymbol, number>> = {
  BTC: 65_000,
  ETH: 3_500,
  USDT: 1,
  BNB: 600,
  SOL: 150,
  ADA: 0.45,
  DOGE: 0.15,
  LTC: 85,
  DOT: 7,
};

/** Rounds away binary noise such as 0.45 * 93 = 41.850000000000001. */
const inFiat = (usd: number, fiat: FiatCurrency): number =>
  Math.round(usd * FALLBACK_FIAT_PER_USD[fiat] * 1e6) / 1e6;

/** The fallback table in the wire shape: each fiat = USD x its rate, caps and volumes unknown, change 0. */
export const FALLBACK_PRICES: Readonly<PriceTable> = Object.freeze(
  Object.fromEntries(
    (Object.keys(COIN_IDS) as CoinSymbol[]).map((symbol) => {
      const usd = FALLBACK_USD_PRICES[symbol];
      const price: CoinPriceFigures = {
        usd,
        rub: inFiat(usd, 'RUB'),
        usd_market_cap: null,
        usd_24h_vol: null,
        usd_24h_change: 0,
        rub_market_cap: null,
        rub_24h_vol: null,
        rub_24h_change: 0,
        eur: inFiat(usd, 'EUR'),
        eur_24h_change: 0,
        cny: inFiat(usd, 'CNY'),
        cny_24h_change: 0,
        try: inFiat(usd, 'TRY'),
        try_24h_change: 0,
        kzt: inFiat(usd, 'KZT'),
        kzt_24h_change: 0,
      };
      return [COIN_IDS[symbol], Object.freeze(price)];
    }),
  ),
);

/** A GET /market/current-prices answer: 200 (live or cache) or 503 (fallback table). */
export type PricesAnswer =
  | { success: true; data: PriceTable; source: 'live' | 'cache' | 'demo'; updatedAt: string }
  | {
      success: false;
      error: string;
      code: 'SERVICE_UNAVAILABLE';
      data: PriceTable;
      source: 'fallback';
      updatedAt: string;
    };

const COIN_ID_SET: ReadonlySet<string> = new Set(COIN_ID_LIST);
const FIGURES = ['usd', 'rub'] as const;
const OPTIONAL_FIGURES = [
  'usd_market_cap',
  'usd_24h_vol',
  'usd_24h_change',
  'rub_market_cap',
  'rub_24h_vol',
  'rub_24h_change',
] as const;
/** Figures an answer may leave out altogether (older answers and feeds without the fiat). */
const ABSENT_FIGURES = EXTRA_FIAT_FIGURES.flatMap((f) => [f, `${f}_24h_change`] as const);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function readCoin(value: unknown): CoinPriceFigures | null {
  if (!isRecord(value)) return null;
  if (!FIGURES.every((key) => isFiniteNumber(value[key]))) return null;
  if (!OPTIONAL_FIGURES.every((key) => value[key] === null || isFiniteNumber(value[key]))) return null;
  const coin = {} as Record<string, number | null>;
  for (const key of [...FIGURES, ...OPTIONAL_FIGURES]) coin[key] = value[key] as number | null;
  for (const key of ABSENT_FIGURES) {
    const figure = value[key];
    if (figure === undefined) continue;
    if (figure !== null && !isFiniteNumber(figure)) return null;
    coin[key] = figure;
  }
  return coin as unknown as CoinPriceFigures;
}

function readTable(value: unknown): PriceTable | null {
  if (!isRecord(value)) return null;
  const table: PriceTable = {};
  for (const [id, figures] of Object.entries(value)) {
    // Unknown coins are refused, as the zod schema's record of known ids does.
    if (!COIN_ID_SET.has(id)) return null;
    const coin = readCoin(figures);
    if (!coin) return null;
    table[id as CoinId] = coin;
  }
  return table;
}

/**
 * The answer of GET /market/current-prices if `body` has its shape (either status), else null.
 * Extra fields are dropped, like zod's object parsing does.
 */
export function readPricesAnswer(body: unknown): PricesAnswer | null {
  if (!isRecord(body) || typeof body.updatedAt !== 'string') return null;
  const data = readTable(body.data);
  if (!data) return null;
  if (
    body.success === true &&
    (body.source === 'live' || body.source === 'cache' || body.source === 'demo')
  ) {
    return { success: true, data, source: body.source, updatedAt: body.updatedAt };
  }
  if (
    body.success === false &&
    typeof body.error === 'string' &&
    body.code === 'SERVICE_UNAVAILABLE' &&
    body.source === 'fallback'
  ) {
    return {
      success: false,
      error: body.error,
      code: 'SERVICE_UNAVAILABLE',
      data,
      source: 'fallback',
      updatedAt: body.updatedAt,
    };
  }
  return null;
}

/** A feed figure as an exact decimal string with at most `decimals` places (null if unusable). */
function figureMinor(value: number | null | undefined, decimals: number): bigint | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return null;
  const [whole, frac = ''] = value.toFixed(decimals).split('.');
  const minor = BigInt(`${whole}${frac}`);
  return minor > 0n ? minor : null;
}

/**
 * The market price of one whole coin in a currency of payment, in that currency's minor units,
 * from a price table; null when the table has no usable figure. A fiat price is read as the
 * feed gives it; a coin's price in another coin is the ratio of their dollar prices, in
 * integers (8 decimals each), rounded down.
 */
export function marketPriceOf(
  table: Readonly<PriceTable>,
  crypto: Cryptocurrency,
  payIn: FiatCurrency | Cryptocurrency,
): bigint | null {
  const coin = table[COIN_IDS[crypto]];
  if (!coin) return null;
  if ((FIAT_CURRENCIES as readonly string[]).includes(payIn)) {
    const figure = coin[FEED_FIAT[payIn as FiatCurrency]];
    return figureMinor(figure, decimalsOf(payIn));
  }
  const other = table[COIN_IDS[payIn as Cryptocurrency]];
  const base = figureMinor(coin.usd, CRYPTO_DECIMALS);
  const quote = figureMinor(other?.usd, CRYPTO_DECIMALS);
  if (base === null || quote === null) return null;
  return (base * 10n ** BigInt(CRYPTO_DECIMALS)) / quote;
}
