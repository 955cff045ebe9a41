import { describe, expect, it } from 'vitest';
import { cancelBlockedKey } from '@/lib/trade-status';
import { currentDeadline, mainActionOf } from './status';

describe('trade status helpers', () => {
  it('takes the main action only from what the server offers', () => {
    expect(mainActionOf(['cancel_trade', 'mark_paid'])).toBe('mark_paid');
    expect(mainActionOf(['dispute_trade', 'release_crypto'])).toBe('release_crypto');
    expect(mainActionOf(['cancel_trade', 'dispute_trade'])).toBeNull();
    expect(mainActionOf([])).toBeNull();
  });

  it('picks the deadline of the current status', () => {
    const t = {
      paymentDeadline: 'p',
      confirmationDeadline: 'c',
      autoReleaseAt: 'a',
    };
    expect(currentDeadline({ ...t, status: 'ESCROW_LOCKED' })).toEqual({ kind: 'payment', at: 'p' });
    expect(currentDeadline({ ...t, status: 'PAYMENT_PENDING' })).toEqual({ kind: 'confirmation', at: 'c' });
    expect(currentDeadline({ ...t, status: 'PAYMENT_CONFIRMED' })).toEqual({ kind: 'autoRelease', at: 'a' });
    expect(currentDeadline({ ...t, status: 'DISPUTED' })).toBeNull();
  });
});

describe('why a trade cannot be cancelled', () => {
  it('gives the reason of each status the spec names, and the general one otherwise', () => {
    expect(cancelBlockedKey('CREATED')).toBe('trade.cancelBlocked.CREATED');
    expect(cancelBlockedKey('payment_released')).toBe('trade.cancelBlocked.PAYMENT_RELEASED');
    expect(cancelBlockedKey('COMPLETED')).toBe('trade.cancelBlocked.COMPLETED');
    expect(cancelBlockedKey('CANCELLED')).toBe('trade.cancelBlocked.CANCELLED');
    expect(cancelBlockedKey('DISPUTED')).toBe('trade.cancelBlocked.DISPUTED');
    expect(cancelBlockedKey('PAYMENT_CONFIRMED')).toBe('trade.cancelBlocked.other');
  });
});
