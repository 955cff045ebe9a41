import { describe, expect, it } from 'vitest';
import { checkAddress, checkAmount, checkWithdrawForm, maxWithdrawable, shortAddress } from './withdraw-form';

const BTC_MAIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BTC_REGTEST = 'bcrt1qqqqsyqcyq5rqwzqfpg9scrgwpugpzysnard0ew';
const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('withdraw amount', () => {
  it('quotes fee and total and accepts amount + fee within the balance', () => {
    expect(checkAmount('BTC', '0.01', '0.02')).toEqual({
      error: null,
      quote: { amount: '0.01000000', fee: '0.00050000', total: '0.01050000' },
    });
    expect(checkAmount('BTC', '0,01', '0.0105').error).toBeNull();
  });

  it('refuses amount + fee above the balance, naming what is available', () => {
    const result = checkAmount('BTC', '0.01', '0.0104');
    expect(result.error).toEqual({
      key: 'wd.err.insufficient',
      values: { available: '0.0104', currency: 'BTC' },
    });
    expect(result.quote?.total).toBe('0.01050000');
  });

  it('refuses below the minimum, above the maximum, zero, negative, text and extra decimals', () => {
    expect(checkAmount('BTC', '0.0009', '5').error?.key).toBe('wd.err.belowMin');
    expect(checkAmount('BTC', '0.0009', '5').error?.values?.min).toBe('0.001');
    expect(checkAmount('BTC', '10.1', '50').error?.key).toBe('wd.err.aboveMax');
    expect(checkAmount('ETH', '0', '5').error?.key).toBe('wd.err.amountPositive');
    expect(checkAmount('ETH', '-1', '5').error?.key).toBe('wd.err.amountPositive');
    expect(checkAmount('ETH', 'abc', '5').error?.key).toBe('wd.err.amountFormat');
    expect(checkAmount('ETH', '', '5').error?.key).toBe('wd.err.amountRequired');
    // USDT leaves by ERC-20/TRC-20 with 6 decimals.
    expect(checkAmount('USDT-TRC20', '10.1234567', '100').error).toEqual({
      key: 'wd.err.decimals',
      values: { currency: 'USDT', decimals: 6, min: '10', max: '50000' },
    });
    expect(checkAmount('BTC', '0.001000001', '5').error?.key).toBe('wd.err.decimals');
  });
});

describe('Max', () => {
  it('is the balance less the fee, cut to the network decimals and its maximum', () => {
    expect(maxWithdrawable('BTC', '0.12345678')).toBe('0.12295678');
    expect(maxWithdrawable('USDT-ERC20', '100.12345678')).toBe('95.123456');
    expect(maxWithdrawable('BTC', '25.00000000')).toBe('10');
    const max = maxWithdrawable('BTC', '0.12345678') ?? '';
    expect(checkAmount('BTC', max, '0.12345678').error).toBeNull();
  });

  it('is nothing when the balance cannot cover the minimum plus the fee', () => {
    expect(maxWithdrawable('BTC', '0.0014')).toBeNull();
    expect(maxWithdrawable('BTC', '0.00000000')).toBeNull();
  });
});

describe('destination address (the server validators)', () => {
  it('accepts each network its own addresses and gives the canonical form', () => {
    expect(checkAddress('BTC', BTC_MAIN.toUpperCase(), false)).toEqual({ error: null, address: BTC_MAIN });
    expect(checkAddress('ETH', EVM.toLowerCase(), false).address).toBe(EVM);
    expect(checkAddress('USDT-TRC20', TRON, false).error).toBeNull();
  });

  it('refuses a bad checksum and another network as a bad format, and an empty field', () => {
    expect(checkAddress('BTC', `${BTC_MAIN.slice(0, -1)}5`, false).error).toEqual({
      key: 'wd.err.addressFormat',
      values: { network: 'Bitcoin' },
    });
    expect(checkAddress('ETH', EVM.replace('a', 'A'), false).error?.key).toBe('wd.err.addressFormat');
    expect(checkAddress('USDT-TRC20', EVM, false).error?.key).toBe('wd.err.addressFormat');
    expect(checkAddress('USDT-ERC20', TRON, false).error?.key).toBe('wd.err.addressFormat');
    expect(checkAddress('ETH', '  ', false).error?.key).toBe('wd.err.addressRequired');
  });

  it('takes regtest Bitcoin addresses on the devnet only', () => {
    expect(checkAddress('BTC', BTC_REGTEST, true).error).toBeNull();
    expect(checkAddress('BTC', BTC_REGTEST, false).error?.key).toBe('wd.err.addressFormat');
    expect(checkAddress('BTC', BTC_MAIN, true).error?.key).toBe('wd.err.addressFormat');
  });

  it('names a Solana program address (off the curve) for what it is, and takes a wallet key', () => {
    // the associated token account of vines1… for the USDT mint: a PDA of the ATA program
    const pda = 'AfJabZWVNfxiZ6zvQgmLpo2yaHRGHxEbeCcu7UwxhEgD';
    expect(checkAddress('USDT-SPL', pda, false)).toEqual({
      error: { key: 'wd.err.addressOffCurve' },
      address: null,
    });
    expect(checkAddress('SOL', 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg', false).error).toBeNull();
    expect(checkAddress('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', false).error).toBeNull();
    expect(checkAddress('DOGE', 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC', true).error?.key).toBe(
      'wd.err.addressFormat',
    );
  });
});

/** vines1… (a real wallet) with its first character changed: on the curve, of order 8ℓ. */
const TORSION_TYPO = '6ines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg';

describe('destinations no one can spend from', () => {
  it('names the zero address, TRON’s black hole and a program id as system addresses', () => {
    const burn = (network: string) => ({
      error: { key: 'wd.err.addressBurn', values: { network } },
      address: null,
    });
    expect(checkAddress('USDT-ERC20', `0x${'0'.repeat(40)}`, false)).toEqual(burn('Ethereum (ERC-20)'));
    expect(checkAddress('USDT-TRC20', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb', false)).toEqual(
      burn('TRON (TRC-20)'),
    );
    expect(checkAddress('SOL', '11111111111111111111111111111111', false).error?.key).toBe(
      'wd.err.addressBurn',
    );
  });

  it('takes a Solana typo that lands on a torsion point for the typo it is', () => {
    // vines1… with one character changed: on the curve, but of order 8ℓ (no key yields it)
    expect(checkAddress('SOL', TORSION_TYPO, false)).toEqual({
      error: { key: 'wd.err.addressNotKey' },
      address: null,
    });
  });
});

describe('the whole form', () => {
  it('is ready only when the amount and the address both hold', () => {
    const base = { network: 'ETH' as const, available: '1', devnet: false };
    expect(checkWithdrawForm({ ...base, amount: '0.5', address: EVM }).ok).toBe(true);
    expect(checkWithdrawForm({ ...base, amount: '0.5', address: TRON }).ok).toBe(false);
    expect(checkWithdrawForm({ ...base, amount: '0.999', address: EVM }).ok).toBe(false);
  });

  it('shortens addresses to 8…6', () => {
    expect(shortAddress(BTC_MAIN)).toBe('bc1qw508…kv8f3t4'.replace('kv8f3t4', 'v8f3t4'));
    expect(shortAddress('short')).toBe('short');
  });
});
