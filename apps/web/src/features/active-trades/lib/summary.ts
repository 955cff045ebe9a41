import type { TradeView, Translate } from '@p2p/shared';

/** One row of the Active Trades list, from the server's trade view. */
export interface ActiveTradeSummary {
  id: string;
  status: string;
  cryptocurrency: string;
  amountCrypto: string;
  amountFiat: string;
  fiatCurrency: string;
  role: 'buyer' | 'seller';
  /** The counterparty's name; empty when the server did not give one. */
  counterparty: string;
  createdAt: string;
  paymentDeadline: string | null;
  /** The deadline that runs in the current status, if any. */
  deadline: string | null;
  /** Counterparty messages I have not read. */
  unread: number;
}

/** Header shows at most 3 before '3+'. */
export const MAX_COUNTED = 3;

function deadlineOf(t: TradeView): string | null {
  switch (t.status) {
    case 'CREATED':
    case 'ESCROW_LOCKED':
      return t.paymentDeadline;
    case 'PAYMENT_PENDING':
      return t.confirmationDeadline;
    case 'PAYMENT_CONFIRMED':
      return t.autoReleaseAt;
    default:
      return null;
  }
}

export function toSummary(t: TradeView): ActiveTradeSummary {
  return {
    id: t.id,
    status: t.status,
    cryptocurrency: t.cryptocurrency,
    amountCrypto: t.amountCrypto,
    amountFiat: t.amountFiat,
    fiatCurrency: t.fiatCurrency,
    role: t.userRole === 'seller' ? 'seller' : 'buyer',
    counterparty: t.counterparty?.name ?? '',
    createdAt: t.createdAt,
    paymentDeadline: t.paymentDeadline ?? null,
    deadline: deadlineOf(t),
    unread: t.chatUnreadCount,
  };
}

/** Most urgent trade: the first PAYMENT_PENDING, else the first DISPUTED, else the first. */
export function mostUrgent<T extends { status: string }>(trades: readonly T[]): T | null {
  return (
    trades.find((t) => t.status === 'PAYMENT_PENDING') ??
    trades.find((t) => t.status === 'DISPUTED') ??
    trades[0] ??
    null
  );
}

/** '1 активная', '2 активные', '3 активные', '3+ активных': at most 3 before '3+'. */
export function countLabel(count: number, t: Translate): string {
  return count > MAX_COUNTED
    ? t('activeTrades.countMore', { max: MAX_COUNTED })
    : t('activeTrades.count', { count });
}

/** Seconds left on a summary's deadline; null when none runs. */
export function timeRemaining(summary: Pick<ActiveTradeSummary, 'deadline'>, now: number): number | null {
  if (!summary.deadline) return null;
  const at = Date.parse(summary.deadline);
  return Number.isNaN(at) ? null : Math.floor((at - now) / 1000);
}

/**
 * The clock the header's chip shows: the most urgent trade's time left, or, when its status runs
 * none (a dispute), the soonest deadline of the others; null when no trade has one running.
 */
export function chipSeconds(
  trades: readonly Pick<ActiveTradeSummary, 'status' | 'deadline'>[],
  now: number,
): number | null {
  const urgent = mostUrgent(trades);
  const own = urgent ? timeRemaining(urgent, now) : null;
  if (own !== null) return own;
  const left = trades.map((t) => timeRemaining(t, now)).filter((s): s is number => s !== null);
  return left.length > 0 ? Math.min(...left) : null;
}

/** A trade list without one trade, and a way to put it back where it was (rollback). */
export function withoutTrade<T extends { id: string }>(
  list: readonly T[],
  id: string,
): { rest: T[]; restore: (current: readonly T[]) => T[] } {
  const index = list.findIndex((t) => t.id === id);
  const removed = index >= 0 ? list[index] : undefined;
  return {
    rest: list.filter((t) => t.id !== id),
    restore: (current) => {
      if (!removed || current.some((t) => t.id === id)) return [...current];
      const next = [...current];
      next.splice(Math.min(index, next.length), 0, removed);
      return next;
    },
  };
}
