import type { TradeView } from '@p2p/shared';

/** The three forward actions, in the order a trade meets them (DESIGN §3). */
export const MAIN_ACTIONS = ['mark_paid', 'confirm_payment', 'release_crypto'] as const;
export type MainAction = (typeof MAIN_ACTIONS)[number];

/** The one main action the server offers now, if any. Buttons come only from the server. */
export function mainActionOf(available: readonly string[]): MainAction | null {
  return MAIN_ACTIONS.find((action) => available.includes(action)) ?? null;
}

export type StepState = 'done' | 'active' | 'pending';
export interface ProgressStep {
  key: 'created' | 'payment' | 'confirmed' | 'completed';
  state: StepState;
  at: string | null;
}

/**
 * The four steps of spec 2 §4 (created, awaiting payment, payment confirmed, completed),
 * each done when its moment is recorded on the trade. The step in progress is the first
 * one not done, unless the trade is cancelled or disputed (then nothing is in progress).
 */
export function progressSteps(
  trade: Pick<TradeView, 'status' | 'createdAt' | 'paidAt' | 'confirmedAt' | 'completedAt'>,
): ProgressStep[] {
  const moments: [ProgressStep['key'], string | null][] = [
    ['created', trade.createdAt],
    ['payment', trade.paidAt],
    ['confirmed', trade.confirmedAt],
    ['completed', trade.completedAt],
  ];
  const live = trade.status !== 'CANCELLED' && trade.status !== 'DISPUTED';
  const firstOpen = moments.findIndex(([, at]) => !at);
  return moments.map(([key, at], i) => ({
    key,
    at,
    state: at ? 'done' : live && i === firstOpen ? 'active' : 'pending',
  }));
}

/**
 * "Step N of 4": the number of steps done, so awaiting payment is 1, payment sent 2,
 * confirmed 3, completed 4 (spec 2 §4); a cancelled or disputed trade shows where it stopped.
 */
export function stepNumber(steps: readonly ProgressStep[]): number {
  return Math.max(1, steps.filter((s) => s.state === 'done').length);
}

export type DeadlineKind = 'payment' | 'confirmation' | 'autoRelease';

/** The deadline that matters in the trade's current status, if one applies. */
export function currentDeadline(
  trade: Pick<TradeView, 'status' | 'paymentDeadline' | 'confirmationDeadline' | 'autoReleaseAt'>,
): { kind: DeadlineKind; at: string } | null {
  switch (trade.status) {
    case 'CREATED':
    case 'ESCROW_LOCKED':
      return trade.paymentDeadline ? { kind: 'payment', at: trade.paymentDeadline } : null;
    case 'PAYMENT_PENDING':
      return trade.confirmationDeadline ? { kind: 'confirmation', at: trade.confirmationDeadline } : null;
    case 'PAYMENT_CONFIRMED':
      return trade.autoReleaseAt ? { kind: 'autoRelease', at: trade.autoReleaseAt } : null;
    default:
      return null;
  }
}

/** Trades a user may hide from their lists (spec 2 §2.5). */
export function canSoftDelete(status: string): boolean {
  return status === 'COMPLETED' || status === 'CANCELLED';
}
