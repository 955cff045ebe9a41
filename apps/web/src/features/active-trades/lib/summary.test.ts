import { createTranslator } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { chipSeconds, countLabel, mostUrgent, timeRemaining, withoutTrade } from './summary';

describe('active trades header', () => {
  it('counts up to 3, then 3+', () => {
    const ru = createTranslator('ru');
    const en = createTranslator('en');
    expect([1, 2, 3, 4].map((n) => countLabel(n, ru))).toEqual([
      '1 активная',
      '2 активные',
      '3 активные',
      '3+ активных',
    ]);
    expect([1, 2, 3, 4].map((n) => countLabel(n, en))).toEqual([
      '1 Active',
      '2 Active',
      '3 Active',
      '3+ Active',
    ]);
  });

  it('picks the first PAYMENT_PENDING, else the first DISPUTED, else the first trade', () => {
    const a = { id: 'a', status: 'ESCROW_LOCKED' };
    const b = { id: 'b', status: 'DISPUTED' };
    const c = { id: 'c', status: 'PAYMENT_PENDING' };
    const d = { id: 'd', status: 'PAYMENT_PENDING' };
    expect(mostUrgent([a, b, c, d])).toBe(c);
    expect(mostUrgent([a, b])).toBe(b);
    expect(mostUrgent([a])).toBe(a);
    expect(mostUrgent([])).toBeNull();
  });

  it('measures the time left on the running deadline', () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    expect(timeRemaining({ deadline: '2026-01-01T10:02:00Z' }, now)).toBe(120);
    expect(timeRemaining({ deadline: null }, now)).toBeNull();
    expect(timeRemaining({ deadline: 'garbage' }, now)).toBeNull();
  });

  it("shows the chip the most urgent trade's clock, else the soonest running one", () => {
    const now = Date.parse('2026-01-01T10:00:00Z');
    const disputed = { status: 'DISPUTED', deadline: null };
    const paying = { status: 'ESCROW_LOCKED', deadline: '2026-01-01T10:14:00Z' };
    const later = { status: 'ESCROW_LOCKED', deadline: '2026-01-01T10:20:00Z' };
    const confirming = { status: 'PAYMENT_PENDING', deadline: '2026-01-01T10:30:00Z' };
    // The payment to confirm comes first, even with a later clock.
    expect(chipSeconds([paying, confirming], now)).toBe(1800);
    // A dispute runs no clock: the soonest of the others.
    expect(chipSeconds([disputed, later, paying], now)).toBe(840);
    expect(chipSeconds([disputed], now)).toBeNull();
    expect(chipSeconds([], now)).toBeNull();
  });

  it('removes a trade optimistically and restores it in place on failure', () => {
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const { rest, restore } = withoutTrade(list, 'b');
    expect(rest.map((t) => t.id)).toEqual(['a', 'c']);
    expect(restore(rest).map((t) => t.id)).toEqual(['a', 'b', 'c']);
    // A refetch meanwhile already brought it back: no duplicate.
    expect(restore(list).map((t) => t.id)).toEqual(['a', 'b', 'c']);
  });
});
