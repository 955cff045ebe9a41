import { describe, expect, it } from 'vitest';
import { withdrawRequestSchema } from './withdraw-form';

const BTC_MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const context = { currency: 'BTC', network: 'BTC', available: '0.02', devnet: false } as const;
const values = {
  address: BTC_MAIN.toUpperCase(),
  amount: ' 0,01 ',
  save: false,
  label: '',
  totp: ' 123 456 ',
};

describe('the withdrawal the confirm step sends', () => {
  it('is the shared WithdrawalRequest: canonical address, normalized amount, trimmed code', () => {
    expect(withdrawRequestSchema(context).parse(values)).toEqual({
      cryptocurrency: 'BTC',
      network: 'BTC',
      amount: '0.01',
      toAddress: BTC_MAIN,
      totpCode: '123 456',
    });
  });

  it('carries the label to save the address under only when asked to', () => {
    const saved = withdrawRequestSchema(context).parse({ ...values, save: true, label: ' Холодный ' });
    expect(saved.saveLabel).toBe('Холодный');
    expect(withdrawRequestSchema(context).parse({ ...values, label: 'x' }).saveLabel).toBeUndefined();
  });

  it('refuses a bad destination or amount under its field with the catalogue key', () => {
    const result = withdrawRequestSchema(context).safeParse({ ...values, address: 'nope', amount: '0.0001' });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['amount', 'wd.err.belowMin'],
      ['address', 'wd.err.addressFormat'],
    ]);
  });
});
