import { describe, expect, it } from 'vitest';
import { type Lang, translate } from './i18n/index.ts';
import {
  type AmountCheck,
  checkWithdrawalAmount,
  claimPermits,
  maskedAddress,
  STAFF_TRANSITIONS,
  staffActionsFor,
  USER_CANCELLABLE_STATUSES,
  WITHDRAWAL_STATUSES,
  withdrawLimitsOf,
} from './withdrawal-rules.ts';

/** The refusal as a reader of `lang` sees it. */
const shown = (lang: Lang, check: AmountCheck) =>
  check.ok ? null : translate(lang, check.message.key, check.message.values);

describe('checkWithdrawalAmount', () => {
  it('accepts amounts within the network limits and adds the network fee', () => {
    expect(checkWithdrawalAmount('BTC', '0.001')).toEqual({
      ok: true,
      amount: 100_000n,
      fee: 50_000n,
      total: 150_000n,
    });
    expect(checkWithdrawalAmount('BTC', '10')).toMatchObject({ ok: true, amount: 1_000_000_000n });
    expect(checkWithdrawalAmount('USDT-TRC20', '10.123456')).toMatchObject({
      ok: true,
      amount: 1_012_345_600n,
      fee: 100_000_000n,
    });
    expect(checkWithdrawalAmount('ETH', ' 0.5 ')).toMatchObject({ ok: true, amount: 50_000_000n });
  });

  it.each([
    ['0', 'amount_not_positive', 'Amount must be greater than 0'],
    ['0.00000000', 'amount_not_positive', 'Amount must be greater than 0'],
    ['0.0000000000', 'amount_not_positive', 'Amount must be greater than 0'],
    ['-1', 'amount_not_positive', 'Amount must be greater than 0'],
    ['-0.5', 'amount_not_positive', 'Amount must be greater than 0'],
    ['0.000000001', 'amount_decimals', 'At most 8 decimal places for BTC'],
    ['1.123456789', 'amount_decimals', 'At most 8 decimal places for BTC'],
    ['0.0009', 'amount_below_min', 'Minimum withdrawal is 0.001 BTC'],
    ['10.00000001', 'amount_above_max', 'Maximum withdrawal is 10 BTC'],
    ['1e3', 'amount_format', 'Amount must be a number, e.g. 0.5'],
    ['1,5', 'amount_format', 'Amount must be a number, e.g. 0.5'],
    ['', 'amount_format', 'Amount must be a number, e.g. 0.5'],
    ['abc', 'amount_format', 'Amount must be a number, e.g. 0.5'],
  ])('refuses %s on BTC (%s)', (text, reason, en) => {
    const check = checkWithdrawalAmount('BTC', text);
    expect(check).toMatchObject({ ok: false, reason });
    expect(shown('en', check)).toBe(en);
  });

  it('gives USDT the 6 decimals it has on Ethereum and TRON', () => {
    const decimals = checkWithdrawalAmount('USDT-ERC20', '10.1234567');
    expect(decimals).toMatchObject({ ok: false, reason: 'amount_decimals' });
    expect(shown('ru', decimals)).toBe('Не более 6 знаков после запятой для USDT');
    const above = checkWithdrawalAmount('USDT-ERC20', '50000.01');
    expect(above).toMatchObject({ reason: 'amount_above_max' });
    expect(shown('ru', above)).toBe('Максимальная сумма вывода: 50000 USDT');
  });

  it('reads the limits from the networks', () => {
    expect(withdrawLimitsOf('ETH')).toEqual({ min: 1_000_000n, max: 10_000_000_000n, fee: 500_000n });
    expect(withdrawLimitsOf('USDT-ERC20').fee).toBe(500_000_000n);
  });
});

describe('staff transitions', () => {
  it('opens exactly the actions of the table to each status', () => {
    expect(staffActionsFor('PENDING')).toEqual(['approve', 'reject']);
    // docs/decisions/023: an approved request is claimed («Отправить») before it is sent, and
    // may still be rejected until then; complete and fail only a claimed one.
    expect(staffActionsFor('APPROVED')).toEqual(['reject', 'processing']);
    expect(staffActionsFor('PROCESSING')).toEqual(['complete', 'fail']);
    for (const done of ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELLED'] as const) {
      expect(staffActionsFor(done)).toEqual([]);
    }
    expect(staffActionsFor('PENDING', true)).toEqual([]);
  });

  it('moves money only out of a locked status, and unlocks only to a final one', () => {
    const locking = new Set(['PENDING', 'APPROVED', 'PROCESSING']);
    for (const t of Object.values(STAFF_TRANSITIONS)) {
      for (const from of t.from) expect(locking.has(from)).toBe(true);
      expect(WITHDRAWAL_STATUSES).toContain(t.to);
      expect(locking.has(t.to)).toBe(t.money === 'keep');
    }
  });
});

describe('claims (docs/decisions/023, section 2)', () => {
  it('sends only what was claimed; the user cancels only what was not', () => {
    for (const [action, t] of Object.entries(STAFF_TRANSITIONS)) {
      if (t.money === 'send' || action === 'fail') expect(t.from, action).toEqual(['PROCESSING']);
    }
    expect(STAFF_TRANSITIONS.processing).toEqual({ from: ['APPROVED'], to: 'PROCESSING', money: 'keep' });
    expect(USER_CANCELLABLE_STATUSES).toEqual(['PENDING', 'APPROVED']);
  });

  it('lets any admin complete a claimed request, only its claimer fail it unless disabled', () => {
    const claim = { claimedBy: 'a', claimerActive: true };
    expect(claimPermits('complete', claim, 'b')).toBe(true);
    expect(claimPermits('fail', claim, 'a')).toBe(true);
    expect(claimPermits('fail', claim, 'b')).toBe(false);
    expect(claimPermits('fail', { ...claim, claimerActive: false }, 'b')).toBe(true);
    expect(claimPermits('processing', { claimedBy: null, claimerActive: false }, 'b')).toBe(true);
  });

  it('masks an address to its ends', () => {
    expect(maskedAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('bc1qw508…v8f3t4');
    expect(maskedAddress('short')).toBe('short');
  });
});
