import { formatDecimalText } from './i18n/numbers.ts';

/**
 * Money is integer minor units (bigint) in code and decimal strings on the wire.
 * Crypto has 8 decimals (1e-8), fiat 2 (1e-2). Nothing here ever touches a float.
 */

export const CRYPTO_DECIMALS = 8;
export const FIAT_DECIMALS = 2;

export const CRYPTOCURRENCIES = ['BTC', 'ETH', 'USDT', 'BNB', 'SOL', 'ADA', 'DOGE'] as const;
export type Cryptocurrency = (typeof CRYPTOCURRENCIES)[number];
/** The fiat currencies of orders, the filters and the price feed (docs/decisions/027). */
export const FIAT_CURRENCIES = ['RUB', 'USD', 'EUR', 'CNY', 'TRY', 'KZT'] as const;
export const FIAT_SIGN: Record<(typeof FIAT_CURRENCIES)[number], string> = {
  RUB: '₽',
  USD: '$',
  EUR: '€',
  CNY: '¥',
  TRY: '₺',
  KZT: '₸',
};
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];
export type Currency = Cryptocurrency | FiatCurrency;

export function isCryptocurrency(value: string): value is Cryptocurrency {
  return (CRYPTOCURRENCIES as readonly string[]).includes(value);
}

export function isFiatCurrency(value: string): value is FiatCurrency {
  return (FIAT_CURRENCIES as readonly string[]).includes(value);
}

export function decimalsOf(currency: string): number {
  return isCryptocurrency(currency) ? CRYPTO_DECIMALS : FIAT_DECIMALS;
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

export class AmountFormatError extends Error {}

/**
 * Parses a non-negative decimal string ("12", "0.5", "1.00000001") into minor units.
 * Refuses signs, exponents, spaces, more decimals than allowed and absurd lengths.
 */
export function parseAmount(text: string, decimals: number): bigint {
  if (typeof text !== 'string' || text.length === 0 || text.length > 40) {
    throw new AmountFormatError('Amount must be a decimal string');
  }
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new AmountFormatError('Amount must be a decimal string');
  const whole = match[1] ?? '0';
  const frac = match[2] ?? '';
  if (frac.length > decimals) {
    throw new AmountFormatError(`At most ${decimals} decimal places allowed`);
  }
  return BigInt(whole) * pow10(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** Like parseAmount but returns null instead of throwing. */
export function tryParseAmount(text: string, decimals: number): bigint | null {
  try {
    return parseAmount(text, decimals);
  } catch {
    return null;
  }
}

/** Minor units -> plain decimal string with exactly `decimals` places ("1.50000000"). */
export function formatAmount(minor: bigint, decimals: number): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const base = pow10(decimals);
  const whole = abs / base;
  const frac = abs % base;
  const text = decimals === 0 ? `${whole}` : `${whole}.${frac.toString().padStart(decimals, '0')}`;
  return negative ? `-${text}` : text;
}

export const formatCrypto = (minor: bigint): string => formatAmount(minor, CRYPTO_DECIMALS);
export const formatFiat = (minor: bigint): string => formatAmount(minor, FIAT_DECIMALS);

/** floor(a * b / c) for non-negative bigints; c must be positive. */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  if (c <= 0n) throw new RangeError('divisor must be positive');
  if (a < 0n || b < 0n) throw new RangeError('operands must be non-negative');
  return (a * b) / c;
}

/** ceil(a * b / c) for non-negative bigints; c must be positive. */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  if (c <= 0n) throw new RangeError('divisor must be positive');
  if (a < 0n || b < 0n) throw new RangeError('operands must be non-negative');
  return (a * b + c - 1n) / c;
}

/**
 * Fiat value (fiat minor units) of a crypto amount at a price given in fiat minor units
 * per whole coin. Rounded down: the platform never invents money.
 */
export function fiatValue(amountCrypto: bigint, pricePerUnitFiat: bigint): bigint {
  return mulDivFloor(amountCrypto, pricePerUnitFiat, pow10(CRYPTO_DECIMALS));
}

/** Crypto bought by a fiat amount at a price, rounded down to 1e-8 (docs/decisions/003). */
export function cryptoForFiat(amountFiat: bigint, pricePerUnitFiat: bigint): bigint {
  return mulDivFloor(amountFiat, pow10(CRYPTO_DECIMALS), pricePerUnitFiat);
}

/**
 * Russian-style display: thin groups separated by a no-break space and a comma decimal
 * separator ("1 234 567,89"). Works on the decimal string, never on a float.
 */
export function formatRu(decimalText: string, fractionDigits?: number): string {
  return formatDecimalText(decimalText, 'ru', fractionDigits);
}

/** Fee rates are kept in parts per million: 0.001 (0.1 %) is 1000 ppm. */
export const PPM = 1_000_000n;

/** A fee rate written as a decimal fraction below 1 ("0.001", up to 6 decimals) in ppm. */
export function feeRateToPpm(rate: string): bigint {
  const match = /^0(?:\.(\d{1,6}))?$/.exec(rate);
  if (!match) throw new AmountFormatError('Fee rate must be a fraction below 1 with at most 6 decimals');
  return BigInt((match[1] ?? '').padEnd(6, '0'));
}

/** The decimal fraction of a rate in ppm: 1000n -> "0.001", 0n -> "0". */
export function ppmToFeeRate(ppm: bigint): string {
  if (ppm < 0n || ppm >= PPM) throw new RangeError('fee rate must be in [0, 1)');
  const frac = ppm.toString().padStart(6, '0').replace(/0+$/, '');
  return frac ? `0.${frac}` : '0';
}

/**
 * The platform fee of an amount, taken from the buyer's side on release: amount × ppm / 1e6,
 * rounded down (the platform never takes more than its rate). The server settles with it and
 * the web app shows it before anyone commits, so the two cannot drift.
 */
export function feeFor(amount: bigint, feePpm: bigint): bigint {
  return mulDivFloor(amount, feePpm, PPM);
}

/** What the buyer receives of an amount once the fee is taken. */
export function netOfFee(amount: bigint, feePpm: bigint): bigint {
  return amount - feeFor(amount, feePpm);
}
