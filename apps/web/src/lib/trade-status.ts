import type { MessageKey } from '@p2p/shared';

/**
 * The one set of trade status labels (catalogue `tradeStatus.*`), for every screen and toast.
 * The server writes only the machine's statuses; the display-only ones are labelled too
 * (docs/product/trading-rules.md).
 */
const STATUS_LABELS: Record<string, MessageKey> = {
  CREATED: 'tradeStatus.CREATED',
  ESCROW_LOCKED: 'tradeStatus.ESCROW_LOCKED',
  PAYMENT_PENDING: 'tradeStatus.PAYMENT_PENDING',
  PAYMENT_CONFIRMED: 'tradeStatus.PAYMENT_CONFIRMED',
  PAYMENT_RELEASED: 'tradeStatus.PAYMENT_RELEASED',
  CONFIRMING: 'tradeStatus.PAYMENT_CONFIRMED',
  PENDING: 'tradeStatus.ESCROW_LOCKED',
  PAID: 'tradeStatus.PAYMENT_PENDING',
  COMPLETED: 'tradeStatus.COMPLETED',
  CANCELLED: 'tradeStatus.CANCELLED',
  DISPUTED: 'tradeStatus.DISPUTED',
};

/** Label of a status (any case); an unknown one reads 'В процессе'. */
export function statusLabelKey(status: string): MessageKey {
  return STATUS_LABELS[status.toUpperCase()] ?? 'tradeStatus.unknown';
}

export type StatusTone = 'progress' | 'success' | 'danger' | 'warn' | 'muted';

/** Colour family of a status badge. */
export function statusTone(status: string): StatusTone {
  switch (status.toUpperCase()) {
    case 'COMPLETED':
      return 'success';
    case 'CANCELLED':
      return 'muted';
    case 'DISPUTED':
      return 'danger';
    case 'PAYMENT_PENDING':
    case 'PAYMENT_CONFIRMED':
      return 'warn';
    default:
      return 'progress';
  }
}

/** Why a trade of this status cannot be cancelled (the spec's reasons, texts loaded later). */
const CANCEL_BLOCKED: Record<string, MessageKey> = {
  CREATED: 'trade.cancelBlocked.CREATED',
  PAYMENT_RELEASED: 'trade.cancelBlocked.PAYMENT_RELEASED',
  COMPLETED: 'trade.cancelBlocked.COMPLETED',
  CANCELLED: 'trade.cancelBlocked.CANCELLED',
  DISPUTED: 'trade.cancelBlocked.DISPUTED',
};

/** The reason shown by a disabled cancel button; any other status has the general one. */
export function cancelBlockedKey(status: string): MessageKey {
  return CANCEL_BLOCKED[status.toUpperCase()] ?? 'trade.cancelBlocked.other';
}
