import { afterEach, describe, expect, it, vi } from 'vitest';
import { inTurns } from './in-turns';

afterEach(() => {
  vi.useRealTimers();
});

describe('inTurns', () => {
  it('runs the first step now and each next one in a later task of its own, in order', () => {
    vi.useFakeTimers();
    const ran: number[] = [];
    inTurns([1, 2, 3].map((n) => () => ran.push(n)));
    expect(ran).toEqual([1]);
    // One task per step: a timer turn runs exactly the next one.
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([1, 2]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual([1, 2, 3]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing without steps', () => {
    vi.useFakeTimers();
    inTurns([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
