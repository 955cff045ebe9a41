import { describe, expect, it } from 'vitest';
import { formatClock } from '@/lib/format';
import {
  activeTradeSeverity,
  autoReleaseSeverity,
  confirmationTimerSeverity,
  paymentTimerSeverity,
  remainingShare,
  secondsUntil,
  shareSeverity,
} from './timers';

describe('countdown severity', () => {
  it('header: critical at 120 s or less, warning at 300 s or less', () => {
    expect(activeTradeSeverity(0)).toBe('critical');
    expect(activeTradeSeverity(120)).toBe('critical');
    expect(activeTradeSeverity(121)).toBe('warning');
    expect(activeTradeSeverity(300)).toBe('warning');
    expect(activeTradeSeverity(301)).toBe('normal');
    expect(activeTradeSeverity(null)).toBe('normal');
    expect(activeTradeSeverity(-5)).toBe('normal');
  });

  it('payment timer: urgent under 5 minutes, critical under 1 minute', () => {
    expect(paymentTimerSeverity(300)).toBe('normal');
    expect(paymentTimerSeverity(299)).toBe('warning');
    expect(paymentTimerSeverity(60)).toBe('warning');
    expect(paymentTimerSeverity(59)).toBe('critical');
    expect(paymentTimerSeverity(-1)).toBe('critical');
  });

  it('confirmation timer: critical under 3 minutes', () => {
    expect(confirmationTimerSeverity(180)).toBe('normal');
    expect(confirmationTimerSeverity(179)).toBe('critical');
  });

  it('auto-release: warning under 5 minutes, critical under 2', () => {
    expect(autoReleaseSeverity(300)).toBe('normal');
    expect(autoReleaseSeverity(299)).toBe('warning');
    expect(autoReleaseSeverity(120)).toBe('warning');
    expect(autoReleaseSeverity(119)).toBe('critical');
  });

  it('payment card: safe above 50% left, warning above 20%, critical below', () => {
    expect(shareSeverity(0.51)).toBe('normal');
    expect(shareSeverity(0.5)).toBe('warning');
    expect(shareSeverity(0.21)).toBe('warning');
    expect(shareSeverity(0.2)).toBe('critical');
  });
});

describe('clock', () => {
  const now = Date.parse('2026-01-01T10:00:00Z');

  it('counts whole seconds to a deadline and rejects bad dates', () => {
    expect(secondsUntil('2026-01-01T10:05:00Z', now)).toBe(300);
    expect(secondsUntil('2026-01-01T09:59:59Z', now)).toBe(-1);
    expect(secondsUntil('not a date', now)).toBeNull();
    expect(secondsUntil(null, now)).toBeNull();
  });

  it('shows mm:ss, h:mm:ss past an hour, and --:-- when unknown or negative', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65)).toBe('01:05');
    expect(formatClock(3599)).toBe('59:59');
    expect(formatClock(3661)).toBe('1:01:01');
    expect(formatClock(-1)).toBe('--:--');
    expect(formatClock(null)).toBe('--:--');
  });

  it('measures the share left against the real window, else the fallback', () => {
    const start = '2026-01-01T09:50:00Z';
    const end = '2026-01-01T10:10:00Z';
    expect(remainingShare(start, end, now, 1800)).toBeCloseTo(0.5);
    expect(remainingShare(null, end, now, 1800)).toBeCloseTo(600 / 1800);
    expect(remainingShare(start, '2026-01-01T09:00:00Z', now, 1800)).toBe(0);
  });
});
