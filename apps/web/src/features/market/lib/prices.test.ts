import { FALLBACK_PRICES } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { formatTenths } from '@/lib/format';
import {
  applyPercent,
  deviationTenths,
  estimateValueMinor,
  marketPriceMinor,
  priceDeviationText,
} from './prices';

describe('market reference prices', () => {
  it('turns a quote into fiat minor units for the chosen fiat', () => {
    expect(marketPriceMinor(FALLBACK_PRICES, 'BTC', 'USD')).toBe(6_500_000n);
    expect(marketPriceMinor(FALLBACK_PRICES, 'BTC', 'RUB')).toBe(604_500_000n);
    expect(marketPriceMinor(FALLBACK_PRICES, 'XRP', 'RUB')).toBeNull();
    expect(marketPriceMinor(undefined, 'BTC', 'RUB')).toBeNull();
  });

  it('shows the deviation with one decimal and a sign', () => {
    const market = marketPriceMinor(FALLBACK_PRICES, 'BTC', 'RUB');
    // 6 150 000 vs 6 045 000: +1.73 % -> +1,7 %
    expect(priceDeviationText('6150000.00', market)).toBe('+1,7%');
    expect(priceDeviationText('6045000.00', market)).toBe('0,0%');
    expect(priceDeviationText('5000000.00', market, 'en')).toBe('-17.2%');
    expect(priceDeviationText('6150000.00', null)).toBeNull();
    expect(formatTenths(-5n, 'ru')).toBe('-0,5%');
  });

  it('applies a preset percent to the market price, rounded down to kopecks', () => {
    expect(applyPercent(604_500_000n, 20)).toBe(616_590_000n); // +2 %
    expect(applyPercent(9_650n, -50)).toBe(9_167n); // 96.50 - 5 % = 91.675 -> 91.67
    expect(deviationTenths(applyPercent(604_500_000n, -50), 604_500_000n)).toBe(-50n);
  });

  it('values a balance from its decimal string without floats', () => {
    expect(estimateValueMinor('0.50000000', 604_500_000n)).toBe(302_250_000n);
    expect(estimateValueMinor('0.50000000', null)).toBeNull();
  });
});
