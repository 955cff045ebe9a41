import { describe, expect, it } from 'vitest';
import { isEmptyWallet, totalUsd, usdOf } from './usd';

describe('dashboard wallet total in USD', () => {
  it('adds the server values exactly, in cents', () => {
    expect(
      totalUsd([
        { total: '0.5', usd: '30000.10' },
        { total: '100', usd: '99.95' },
        { total: '0', usd: '0.00' },
      ]),
    ).toBe(3_010_005n);
  });

  it('has no total when a coin that holds something has no price', () => {
    expect(
      totalUsd([
        { total: '1', usd: '10.00' },
        { total: '2', usd: null },
      ]),
    ).toBeNull();
    // An empty coin without a price changes nothing.
    expect(
      totalUsd([
        { total: '1', usd: '10.00' },
        { total: '0.00000000', usd: null },
      ]),
    ).toBe(1000n);
  });

  it('values an empty coin at 0 even without a price, and a held one without a price at nothing', () => {
    expect(usdOf({ total: '0.00000000', usd: null })).toBe('0');
    expect(usdOf({ total: '1', usd: null })).toBeNull();
    expect(usdOf({ total: '1', usd: '12.30' })).toBe('12.30');
  });

  it('knows an empty wallet', () => {
    expect(isEmptyWallet([{ total: '0' }, { total: '0.00000000' }])).toBe(true);
    expect(isEmptyWallet([{ total: '0' }, { total: '0.00000001' }])).toBe(false);
  });
});
