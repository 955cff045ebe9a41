import type { TradeView } from '@p2p/shared';

/** The three forward actions, in the order a trade meets them (docs/product/trading-rules.md). */
export const MAIN_ACTIONS = ['mark_paid', 'confirm_payment', 'release_crypto'] as const;
export type MainAction = (typeof MAIN_ACTIONS)[number];

/** The one main action the server offers now, if any. Buttons come only from the server. */
export function mainActionOf(available: readonly string[]): MainAction | null {
  return MAIN_ACTIONS.find((action) => available.includes(action)) ?? null;
}

export type StepState = 'done' | 'current' | 'pending' | 'skipped';
export interface ProgressStep {
  key: 'created' | 'paid' | 'confirmed' | 'completed' | 'cancelled';
  state: StepState;
  at: string | null;
}

/**
 * The four steps of the trade page (created, payment sent, payment confirmed, completed), each
 * reached at a moment recorded on the trade. The current step is the last one reached while
 * the trade is still going; a disputed trade has none (it stopped there).
 *
 * A finished trade reads as finished: a completed one has all four behind it, a step it went
 * without (a moderator released the coins before the seller confirmed) marked skipped; a
 * cancelled one ends at «Сделка отменена», the steps it never reached skipped, not «ahead».
 */
export function progressSteps(
  trade: Pick<TradeView, 'status' | 'createdAt' | 'paidAt' | 'confirmedAt' | 'completedAt'> &
    Partial<Pick<TradeView, 'cancelledAt'>>,
): ProgressStep[] {
  const moments: [ProgressStep['key'], string | null][] = [
    ['created', trade.createdAt],
    ['paid', trade.paidAt],
    ['confirmed', trade.confirmedAt],
    ['completed', trade.completedAt],
  ];
  if (trade.status === 'COMPLETED') {
    return moments.map(([key, at]) => ({ key, at, state: at || key === 'completed' ? 'done' : 'skipped' }));
  }
  if (trade.status === 'CANCELLED') {
    const forward = moments
      .slice(0, 3)
      .map(([key, at]): ProgressStep => ({ key, at, state: at ? 'done' : 'skipped' }));
    return [...forward, { key: 'cancelled', at: trade.cancelledAt ?? null, state: 'done' }];
  }
  const live = trade.status !== 'DISPUTED';
  const reached = moments.filter(([, at]) => at).length;
  return moments.map(([key, at], i) => ({
    key,
    at,
    state: i >= reached ? 'pending' : live && i === reached - 1 && key !== 'completed' ? 'current' : 'done',
  }));
}

/**
 * "Шаг N из 4": the number of the last step reached, the same one the progress list marks
 * (awaiting payment 1, payment sent 2, confirmed 3, completed 4); a cancelled trade keeps the
 * number of the step it stopped at.
 */
export function stepNumber(steps: readonly ProgressStep[]): number {
  const forward = steps.filter((s) => s.key !== 'cancelled');
  return Math.max(1, forward.findLastIndex((s) => s.state === 'done' || s.state === 'current') + 1);
}

/**
 * The seller has not sent payment details yet while the buyer is to pay: the seller must act
 * first, and the deadline is theirs to send the details; the buyer's own window starts when the
 * details arrive (docs/decisions/034).
 */
export function awaitingDetails(trade: Pick<TradeView, 'status' | 'paymentTemplate'>): boolean {
  const status: string = trade.status;
  return (status === 'CREATED' || status === 'ESCROW_LOCKED') && !trade.paymentTemplate;
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

/** Trades a user may hide from their lists. */
export function canSoftDelete(status: string): boolean {
  return status === 'COMPLETED' || status === 'CANCELLED';
}
