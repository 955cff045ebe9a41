import { describe, expect, it } from 'vitest';
import {
  AmountFormatError,
  CRYPTO_DECIMALS,
  cryptoForFiat,
  decimalsOf,
  FIAT_DECIMALS,
  feeFor,
  feeRateToPpm,
  fiatValue,
  formatAmount,
  formatCrypto,
  formatFiat,
  formatRu,
  isCryptocurrency,
  mulDivCeil,
  mulDivFloor,
  netOfFee,
  parseAmount,
  ppmToFeeRate,
  tryParseAmount,
} from './money.ts';

const NBSP = '\u00a0';

describe('parseAmount', () => {
  it.each([
    ['0', 8, 0n],
    ['12', 8, 1_200_000_000n],
    ['0.5', 8, 50_000_000n],
    ['1.00000001', 8, 100_000_001n],
    ['0.00000001', 8, 1n],
    ['21000000', 8, 2_100_000_000_000_000n],
    ['1234.56', 2, 123_456n],
    ['1234.5', 2, 123_450n],
    ['007.10', 2, 710n],
    ['99999999999999999999.99', 2, 9_999_999_999_999_999_999_999n],
    ['5', 0, 5n],
  ])('%j with %i decimals -> %s', (text, decimals, minor) => {
    expect(parseAmount(text, decimals)).toBe(minor);
  });

  it.each([
    ['negative', '-1', 8],
    ['negative zero', '-0', 8],
    ['plus sign', '+1', 8],
    ['exponent', '1e5', 8],
    ['small exponent', '1E-8', 8],
    ['too many crypto decimals', '1.123456789', 8],
    ['too many fiat decimals', '10.001', 2],
    ['decimals when none are allowed', '1.5', 0],
    ['empty', '', 8],
    ['leading space', ' 1', 8],
    ['trailing space', '1 ', 8],
    ['space inside', '1 000', 8],
    ['no-break space grouping', `1${NBSP}000`, 2],
    ['comma decimal', '1,5', 2],
    ['bare fraction', '.5', 8],
    ['trailing dot', '5.', 8],
    ['two dots', '1.2.3', 8],
    ['NaN', 'NaN', 8],
    ['Infinity', 'Infinity', 8],
    ['hex', '0x10', 8],
    ['full-width digits', '１２', 8],
    ['over 40 characters', '1'.repeat(41), 8],
  ])('refuses %s (%j)', (_label, text, decimals) => {
    expect(() => parseAmount(text, decimals)).toThrow(AmountFormatError);
    expect(tryParseAmount(text, decimals)).toBeNull();
  });

  it('refuses non-strings passed through untyped code', () => {
    expect(() => parseAmount(12 as unknown as string, 8)).toThrow(AmountFormatError);
    expect(() => parseAmount(null as unknown as string, 8)).toThrow(AmountFormatError);
  });

  it('tryParseAmount returns the value when valid', () => {
    expect(tryParseAmount('0.01', 2)).toBe(1n);
  });
});

describe('formatAmount', () => {
  it.each([
    [150_000_000n, 8, '1.50000000'],
    [1n, 8, '0.00000001'],
    [0n, 8, '0.00000000'],
    [5n, 2, '0.05'],
    [123_456n, 2, '1234.56'],
    [-5n, 2, '-0.05'],
    [-123_456n, 2, '-1234.56'],
    [123n, 0, '123'],
    [2_100_000_000_000_000n, 8, '21000000.00000000'],
  ])('%s with %i decimals -> %j', (minor, decimals, text) => {
    expect(formatAmount(minor, decimals)).toBe(text);
  });

  it('formatCrypto uses 8 decimals and formatFiat 2', () => {
    expect(formatCrypto(1n)).toBe('0.00000001');
    expect(formatFiat(1n)).toBe('0.01');
  });

  it('round-trips with parseAmount', () => {
    // Deterministic pseudo-random values across many magnitudes.
    let seed = 0x2545f491n;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      const minor = seed % 10n ** BigInt(1 + (i % 20));
      for (const decimals of [0, 2, 8]) {
        expect(parseAmount(formatAmount(minor, decimals), decimals)).toBe(minor);
      }
    }
  });
});

describe('currencies', () => {
  it('crypto has 8 decimals and fiat 2', () => {
    expect(CRYPTO_DECIMALS).toBe(8);
    expect(FIAT_DECIMALS).toBe(2);
    for (const c of ['BTC', 'ETH', 'USDT', 'BNB']) {
      expect(isCryptocurrency(c)).toBe(true);
      expect(decimalsOf(c)).toBe(8);
    }
    for (const f of ['RUB', 'USD']) {
      expect(isCryptocurrency(f)).toBe(false);
      expect(decimalsOf(f)).toBe(2);
    }
    expect(isCryptocurrency('btc')).toBe(false);
  });
});

describe('mulDivFloor / mulDivCeil', () => {
  it('round down and up', () => {
    expect(mulDivFloor(10n, 1n, 3n)).toBe(3n);
    expect(mulDivCeil(10n, 1n, 3n)).toBe(4n);
    expect(mulDivFloor(9n, 1n, 3n)).toBe(3n);
    expect(mulDivCeil(9n, 1n, 3n)).toBe(3n);
    expect(mulDivCeil(0n, 5n, 3n)).toBe(0n);
  });

  it('refuse a non-positive divisor and negative operands', () => {
    expect(() => mulDivFloor(1n, 1n, 0n)).toThrow(RangeError);
    expect(() => mulDivCeil(1n, 1n, -1n)).toThrow(RangeError);
    expect(() => mulDivFloor(-1n, 1n, 1n)).toThrow(RangeError);
    expect(() => mulDivCeil(1n, -1n, 1n)).toThrow(RangeError);
  });
});

describe('fiatValue / cryptoForFiat', () => {
  const rub = (text: string) => parseAmount(text, 2);
  const btc = (text: string) => parseAmount(text, 8);

  it('fiatValue multiplies exactly and rounds down', () => {
    expect(fiatValue(btc('0.5'), rub('6000000.00'))).toBe(rub('3000000.00'));
    expect(fiatValue(btc('0.00000001'), rub('99.99'))).toBe(0n);
    // 0.00000001 BTC at 9 000 000 RUB = 0.09 RUB exactly.
    expect(fiatValue(btc('0.00000001'), rub('9000000'))).toBe(9n);
  });

  it('cryptoForFiat divides exactly when it can', () => {
    expect(cryptoForFiat(rub('3000000.00'), rub('6000000.00'))).toBe(btc('0.5'));
    expect(cryptoForFiat(rub('1000'), rub('100'))).toBe(btc('10'));
  });

  it('cryptoForFiat rounds down to 1e-8, never up', () => {
    // 1 000 RUB at 3 000 RUB per coin = 0.333333333... -> 0.33333333
    expect(formatCrypto(cryptoForFiat(rub('1000'), rub('3000')))).toBe('0.33333333');
    // 2 000 RUB at 3 000 RUB = 0.666666666... -> 0.66666666 (not ...67)
    expect(formatCrypto(cryptoForFiat(rub('2000'), rub('3000')))).toBe('0.66666666');
    // 0.01 RUB at 1 000 000 RUB per coin is exactly one satoshi; at 9 000 000 less than one: 0.
    expect(cryptoForFiat(rub('0.01'), rub('1000000'))).toBe(1n);
    expect(cryptoForFiat(rub('0.01'), rub('9000000'))).toBe(0n);
  });

  it('gives the most crypto the fiat pays for, and never more', () => {
    const prices = ['3000', '6543210.77', '93.5', '1', '0.07'];
    const amounts = ['1000', '0.01', '12345.67', '999999.99', '1'];
    for (const p of prices) {
      for (const a of amounts) {
        const crypto = cryptoForFiat(rub(a), rub(p));
        // Exact arithmetic: crypto * price <= paid, and one more satoshi would exceed it.
        expect(crypto * rub(p)).toBeLessThanOrEqual(rub(a) * 10n ** 8n);
        expect((crypto + 1n) * rub(p)).toBeGreaterThan(rub(a) * 10n ** 8n);
        expect(fiatValue(crypto, rub(p))).toBeLessThanOrEqual(rub(a));
      }
    }
  });

  it('refuses a zero price', () => {
    expect(() => cryptoForFiat(rub('100'), 0n)).toThrow(RangeError);
  });
});

describe('formatRu', () => {
  it.each([
    ['0', undefined, '0'],
    ['999', undefined, '999'],
    ['1000', undefined, `1${NBSP}000`],
    ['1234567.89', undefined, `1${NBSP}234${NBSP}567,89`],
    ['1234567890', undefined, `1${NBSP}234${NBSP}567${NBSP}890`],
    ['0.5', undefined, '0,5'],
    ['-1234.5', undefined, `-1${NBSP}234,5`],
    ['0001234', undefined, `1${NBSP}234`],
    ['1234.5', 2, `1${NBSP}234,50`],
    ['1234.56', 0, `1${NBSP}234`],
    ['0.12345678', 8, '0,12345678'],
    ['1.5', 8, '1,50000000'],
  ])('%j (%s digits) -> %j', (text, digits, expected) => {
    expect(formatRu(text, digits)).toBe(expected);
  });

  it('does not group the fraction', () => {
    expect(formatRu('1.12345678')).toBe('1,12345678');
  });

  it('keeps precision no float could (above 2^53)', () => {
    expect(formatRu('12345678901234567.89')).toBe(`12${NBSP}345${NBSP}678${NBSP}901${NBSP}234${NBSP}567,89`);
  });
});

describe('platform fee', () => {
  it('reads and writes rates in parts per million', () => {
    expect(feeRateToPpm('0.001')).toBe(1000n);
    expect(feeRateToPpm('0')).toBe(0n);
    expect(feeRateToPpm('0.123456')).toBe(123_456n);
    expect(() => feeRateToPpm('1')).toThrow(AmountFormatError);
    expect(() => feeRateToPpm('0.1234567')).toThrow(AmountFormatError);
    expect(ppmToFeeRate(1000n)).toBe('0.001');
    expect(ppmToFeeRate(0n)).toBe('0');
    expect(ppmToFeeRate(123_450n)).toBe('0.12345');
  });

  it('takes amount × rate rounded down, as the settlement does', () => {
    // The journey's trade: 0.00241935 BTC at 0.1 % -> 0.00000241 (0.00000241935 cut).
    expect(feeFor(241_935n, 1000n)).toBe(241n);
    expect(netOfFee(241_935n, 1000n)).toBe(241_694n);
    expect(feeFor(999n, 1000n)).toBe(0n);
    expect(feeFor(100_000_000n, 0n)).toBe(0n);
  });
});
