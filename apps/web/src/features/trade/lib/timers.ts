/**
 * Countdown rules of docs/product/trading-rules.md. Every function is pure: the components pass
 * the current time in, so the rules are tested without a clock.
 */

export type Severity = 'normal' | 'warning' | 'critical';

/** Whole seconds from `now` until `iso`; negative once past; null when unknown or invalid. */
export function secondsUntil(iso: string | null | undefined, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  return Math.floor((at - now) / 1000);
}

/** Header countdown: critical at 120 s or less, warning at 300 s or less. */
export function activeTradeSeverity(seconds: number | null): Severity {
  if (seconds === null || seconds < 0) return 'normal';
  if (seconds <= 120) return 'critical';
  if (seconds <= 300) return 'warning';
  return 'normal';
}

/** Payment timer: urgent (warning) under 5 minutes, critical under 1 minute. */
export function paymentTimerSeverity(seconds: number | null): Severity {
  if (seconds === null) return 'normal';
  if (seconds < 60) return 'critical';
  if (seconds < 300) return 'warning';
  return 'normal';
}

/** Confirmation timer: critical under 3 minutes. */
export function confirmationTimerSeverity(seconds: number | null): Severity {
  if (seconds === null) return 'normal';
  return seconds < 180 ? 'critical' : 'normal';
}

/** Auto-release countdown: warning under 5 minutes, critical under 2. */
export function autoReleaseSeverity(seconds: number | null): Severity {
  if (seconds === null) return 'normal';
  if (seconds < 120) return 'critical';
  if (seconds < 300) return 'warning';
  return 'normal';
}

/**
 * Share of a window still left, 0..1. The window is `start` to `end` when both are known,
 * else `fallbackSeconds` ending at `end` (30 min for payment, 15 min for release).
 */
export function remainingShare(
  start: string | null,
  end: string | null,
  now: number,
  fallbackSeconds: number,
): number {
  const endAt = end ? Date.parse(end) : Number.NaN;
  if (Number.isNaN(endAt)) return 0;
  const startAt = start ? Date.parse(start) : Number.NaN;
  const total = !Number.isNaN(startAt) && endAt > startAt ? endAt - startAt : fallbackSeconds * 1000;
  return Math.min(1, Math.max(0, (endAt - now) / total));
}

/** Buyer payment card: safe above 50% left, warning above 20%, critical below. */
export function shareSeverity(share: number): Severity {
  if (share > 0.5) return 'normal';
  if (share > 0.2) return 'warning';
  return 'critical';
}
