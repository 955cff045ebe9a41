import type { TradeView } from '@p2p/shared';

/** The three forward actions, in the order a trade meets them (docs/product/trading-rules.md). */
export const MAIN_ACTIONS = ['mark_paid', 'confirm_payment', 'release_crypto'] as const;
export type MainAction = (typeof MAIN_ACTIONS)[number];

/** The one main action the server offers now, if any. Buttons come only from the server. */
export function mainActionOf(available: readonly string[]): MainAction | null {
  return MAIN_ACTIONS.find((action) => available.includes(action)) ?? null;
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
