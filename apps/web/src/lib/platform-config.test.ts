import { describe, expect, it } from 'vitest';
import { ppmPercentText, quoteFee, tradeFeeQuote } from './platform-config';

describe('fee before commitment', () => {
  it('quotes the fee and the net amount the release will pay', () => {
    // The journey's trade: 15 000 ₽ at 6 200 000 ₽/BTC buys 0.00241935 BTC.
    expect(quoteFee('0.00241935', 1000n)).toEqual({ fee: '0.00000241', net: '0.00241694' });
    expect(quoteFee('abc', 1000n)).toBeNull();
  });

  it('uses the fee a completed trade paid, the rate before that', () => {
    const open = { status: 'PAYMENT_CONFIRMED', amountCrypto: '0.01000000', feeAmount: '0.00000000' };
    expect(tradeFeeQuote(open, 1000n)).toEqual({ fee: '0.00001000', net: '0.00999000' });
    expect(tradeFeeQuote(open, null)).toBeNull();
    const done = { status: 'COMPLETED', amountCrypto: '0.01000000', feeAmount: '0.00002500' };
    expect(tradeFeeQuote(done, 1000n)).toEqual({ fee: '0.00002500', net: '0.00997500' });
  });

  it('writes the rate as a percentage', () => {
    expect(ppmPercentText(1000n)).toBe('0.1');
    expect(ppmPercentText(25_000n)).toBe('2.5');
    expect(ppmPercentText(0n)).toBe('0');
    expect(ppmPercentText(2500n)).toBe('0.25');
  });
});
