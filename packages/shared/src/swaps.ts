import {
  CRYPTO_DECIMALS,
  CRYPTOCURRENCIES,
  type Cryptocurrency,
  FIAT_CURRENCIES,
  feeFor,
  isCryptocurrency,
  mulDivCeil,
  mulDivFloor,
} from './money.ts';

/**
 * Instant swaps (docs/decisions/026-instant-swaps.md): an order whose currency of payment is a
 * coin. Both legs are on the platform, so taking it settles at once, in one transaction. These
 * are the pure rules the server settles with and the web app quotes with, so the two agree.
 */

/** What an order may be paid in: the fiats, then the coins (a coin makes it an instant swap). */
export const PAYMENT_CURRENCIES = [...FIAT_CURRENCIES, ...CRYPTOCURRENCIES] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

/** True for an order paid in a coin: it is taken by a swap, never by a trade. */
export function isSwapPayment(payIn: string): payIn is Cryptocurrency {
  return isCryptocurrency(payIn);
}

const WHOLE_COIN = 10n ** BigInt(CRYPTO_DECIMALS);

/** An offer further than this from the market price (basis points) asks for a confirmation. */
export const SWAP_PRICE_CONFIRM_BP = 2000n;

/**
 * How far `price` is from `market`, in basis points of the market price, signed (positive: above
 * the market), rounded towards zero. Both in the payment coin's minor units per whole coin.
 */
export function priceDeviationBp(price: bigint, market: bigint): bigint {
  if (market <= 0n) throw new RangeError('market price must be positive');
  return ((price - market) * 10_000n) / market;
}

/** "+25,3 %" style text of a deviation in basis points (the sign always written). */
export function deviationPercentText(bp: bigint): string {
  const sign = bp < 0n ? '-' : '+';
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n},${((abs % 100n) / 10n).toString()} %`;
}

/**
 * One fill of a swap offer: the taker pays `amountPaid` of the payment coin and receives
 * `received` of the offered coin; `fee` (the platform fee, on the received leg) makes up the
 * difference to `amountCrypto`, which leaves the offer.
 */
export interface SwapQuote {
  amountCrypto: bigint;
  amountPaid: bigint;
  fee: bigint;
  received: bigint;
}

function quote(amountCrypto: bigint, amountPaid: bigint, feePpm: bigint): SwapQuote {
  const fee = feeFor(amountCrypto, feePpm);
  return { amountCrypto, amountPaid, fee, received: amountCrypto - fee };
}

/**
 * The taker names the coins to receive (before the fee): they pay amount × price / 1e8 rounded
 * up, so the maker never receives less than their price.
 */
export function swapQuoteForCrypto(amountCrypto: bigint, price: bigint, feePpm: bigint): SwapQuote {
  return quote(amountCrypto, mulDivCeil(amountCrypto, price, WHOLE_COIN), feePpm);
}

/**
 * The taker names what they pay: they receive paid × 1e8 / price rounded down (decision 003:
 * the platform never gives away a fraction).
 */
export function swapQuoteForPaid(amountPaid: bigint, price: bigint, feePpm: bigint): SwapQuote {
  return quote(mulDivFloor(amountPaid, WHOLE_COIN, price), amountPaid, feePpm);
}

/**
 * Whether what is left of a swap offer can still be taken: its worth at the offer's price
 * (rounded down, as the offer's `available_fiat` shows it) covers the smallest fill,
 * `minAmount`. A remainder below it could never be taken; a swap that leaves one closes the
 * offer and returns the remainder to the maker in its own transaction (docs/decisions/038).
 */
export function swapRemainderTakeable(remainder: bigint, price: bigint, minAmount: bigint): boolean {
  return remainder > 0n && mulDivFloor(remainder, price, WHOLE_COIN) >= minAmount;
}
