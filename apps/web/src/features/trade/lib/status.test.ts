import { describe, expect, it } from 'vitest';
import { cancelBlockedKey } from '@/lib/trade-status';
import { currentDeadline, mainActionOf, progressSteps, stepNumber } from './status';

const base = {
  createdAt: '2026-01-01T10:00:00Z',
  paidAt: null,
  confirmedAt: null,
  completedAt: null,
};

describe('trade status helpers', () => {
  it('takes the main action only from what the server offers', () => {
    expect(mainActionOf(['cancel_trade', 'mark_paid'])).toBe('mark_paid');
    expect(mainActionOf(['dispute_trade', 'release_crypto'])).toBe('release_crypto');
    expect(mainActionOf(['cancel_trade', 'dispute_trade'])).toBeNull();
    expect(mainActionOf([])).toBeNull();
  });

  it('numbers steps 1 to 4 by what has happened, the list marking the same step', () => {
    const awaiting = progressSteps({ ...base, status: 'ESCROW_LOCKED' });
    expect(stepNumber(awaiting)).toBe(1);
    expect(awaiting.map((s) => s.state)).toEqual(['current', 'pending', 'pending', 'pending']);
    const paid = progressSteps({ ...base, status: 'PAYMENT_PENDING', paidAt: '2026-01-01T10:05:00Z' });
    expect(stepNumber(paid)).toBe(2);
    // Paid but not yet confirmed: "payment confirmed" is still ahead, not "now".
    expect(paid.map((s) => s.state)).toEqual(['done', 'current', 'pending', 'pending']);
    const confirmed = progressSteps({
      ...base,
      status: 'PAYMENT_CONFIRMED',
      paidAt: '2026-01-01T10:05:00Z',
      confirmedAt: '2026-01-01T10:06:00Z',
    });
    expect(stepNumber(confirmed)).toBe(3);
    expect(confirmed.findIndex((s) => s.state === 'current') + 1).toBe(stepNumber(confirmed));
    const done = progressSteps({
      ...base,
      status: 'COMPLETED',
      paidAt: '2026-01-01T10:05:00Z',
      confirmedAt: '2026-01-01T10:06:00Z',
      completedAt: '2026-01-01T10:07:00Z',
    });
    expect(stepNumber(done)).toBe(4);
    expect(done.every((s) => s.state === 'done')).toBe(true);
  });

  it('reads a trade completed by a moderator as completed: step 4 of 4, the skipped step marked', () => {
    // Disputed after the buyer paid, released by the moderator: never confirmed by the seller.
    const released = progressSteps({
      ...base,
      status: 'COMPLETED',
      paidAt: '2026-01-01T10:05:00Z',
      completedAt: '2026-01-01T11:00:00Z',
    });
    expect(released.map((s) => [s.key, s.state])).toEqual([
      ['created', 'done'],
      ['paid', 'done'],
      ['confirmed', 'skipped'],
      ['completed', 'done'],
    ]);
    expect(stepNumber(released)).toBe(4);
  });

  it('ends a cancelled trade at its cancellation, the steps it never reached skipped', () => {
    const expired = progressSteps({ ...base, status: 'CANCELLED', cancelledAt: '2026-01-01T10:30:00Z' });
    expect(expired.map((s) => [s.key, s.state, s.at])).toEqual([
      ['created', 'done', base.createdAt],
      ['paid', 'skipped', null],
      ['confirmed', 'skipped', null],
      ['cancelled', 'done', '2026-01-01T10:30:00Z'],
    ]);
    expect(stepNumber(expired)).toBe(1);
    // Refunded by a moderator after the buyer said they paid: it stopped at step 2.
    const refunded = progressSteps({
      ...base,
      status: 'CANCELLED',
      paidAt: '2026-01-01T10:05:00Z',
      cancelledAt: '2026-01-01T11:00:00Z',
    });
    expect(refunded.map((s) => s.state)).toEqual(['done', 'done', 'skipped', 'done']);
    expect(stepNumber(refunded)).toBe(2);
  });

  it('leaves nothing in progress on a cancelled or disputed trade', () => {
    const cancelled = progressSteps({ ...base, status: 'CANCELLED' });
    expect(cancelled.some((s) => s.state === 'current')).toBe(false);
    expect(stepNumber(cancelled)).toBe(1);
    // Disputed after the buyer paid: the payment step stays done, nothing is in progress.
    const disputed = progressSteps({ ...base, status: 'DISPUTED', paidAt: '2026-01-01T10:05:00Z' });
    expect(disputed.map((s) => s.state)).toEqual(['done', 'done', 'pending', 'pending']);
    expect(stepNumber(disputed)).toBe(2);
    // The same trade still in progress has its next step active: the status is what stops it.
    const live = progressSteps({ ...base, status: 'PAYMENT_PENDING', paidAt: '2026-01-01T10:05:00Z' });
    expect(live.some((s) => s.state === 'current')).toBe(true);
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
