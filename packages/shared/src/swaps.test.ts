import { describe, expect, it } from 'vitest';
import { swapRemainderTakeable } from './swaps.ts';

describe('swapRemainderTakeable', () => {
  const price = 97_000n * 100_000_000n; // 97 000 USDT per BTC, 8 decimals
  const min = 1_000n * 100_000_000n; // the smallest fill: 1 000 USDT

  it('keeps a rest worth at least the smallest fill, at the price rounded down', () => {
    expect(swapRemainderTakeable(1_030_928n, price, min)).toBe(true); // 1 000.00016 USDT
    expect(swapRemainderTakeable(1_030_927n, price, min)).toBe(false); // 999.99919 USDT
  });

  it('never keeps nothing', () => {
    expect(swapRemainderTakeable(0n, price, 0n)).toBe(false);
  });
});
