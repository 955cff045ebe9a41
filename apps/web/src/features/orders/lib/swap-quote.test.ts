import { describe, expect, it } from 'vitest';
import { swapQuote } from './swap-quote';

/** 0.5 BTC for USDT at 97 000,5 USDT per BTC, fills of 10 to 1 000 USDT. */
const offer = {
  price_per_unit: '97000.50000000',
  min_amount: '10.00000000',
  max_amount: '1000.00000000',
  available_amount: '0.50000000',
};

describe('the swap quote the taker sees before confirming (docs/decisions/026)', () => {
  it('rounds the payment up and takes the fee from the coins received, as the server settles', () => {
    // 0.01 BTC × 97 000,5 = 970,005 USDT; fee 0.1 % of 0.01 BTC
    expect(swapQuote(offer, '0,01', 1000n)).toEqual({
      ok: true,
      paid: '970.00500000',
      fee: '0.00001000',
      received: '0.00999000',
    });
    // 0.00000001 BTC × 97 000,5 = 0,00097… USDT, rounded up to 0,00098
    expect(swapQuote({ ...offer, min_amount: '0.00000001' }, '0.00000001', 1000n)).toMatchObject({
      paid: '0.00097001',
    });
  });

  it('refuses what the server would: out of limits, more than left, not a number', () => {
    expect(swapQuote(offer, '0.0001', 1000n)).toEqual({ ok: false, problem: 'swap.outOfLimits' });
    expect(swapQuote(offer, '0.02', 1000n)).toEqual({ ok: false, problem: 'swap.outOfLimits' });
    expect(swapQuote(offer, '0.6', 1000n)).toEqual({ ok: false, problem: 'swap.moreThanLeft' });
    expect(swapQuote(offer, 'abc', 1000n)).toEqual({ ok: false, problem: 'swap.amountInvalid' });
  });
});
