import { formatCrypto, type SwapView } from '@p2p/shared';
import type { OrderRow, SwapRow } from '../../db/schema.ts';
import type { PendingEvents } from '../../events/notifier.ts';

/** A settled swap: its row, the offer's status after it, and the remainder returned to the maker. */
export interface Settled {
  row: SwapRow;
  orderStatus: OrderRow['status'];
  returned: bigint;
}

/** The taker's view of a swap: what they gave and what they got. */
export function toSwapView(s: SwapRow): SwapView {
  return {
    id: s.id,
    order_id: s.orderId,
    cryptocurrency: s.cryptocurrency,
    paid_currency: s.paidCurrency,
    amount_crypto: formatCrypto(s.amountCrypto),
    fee_amount: formatCrypto(s.feeAmount),
    received_amount: formatCrypto(s.amountCrypto - s.feeAmount),
    amount_paid: formatCrypto(s.amountPaid),
    price_per_unit: formatCrypto(s.pricePerUnit),
    created_at: s.createdAt.toISOString(),
  };
}

/**
 * After commit: both parties' balances changed (`swap:completed`, each with their own side; the
 * maker's names a remainder returned), and the maker's order (`order:updated`, which also
 * makes the book cache read fresh).
 */
export function announce(events: PendingEvents, { row: s, orderStatus, returned }: Settled) {
  const paid = { currency: s.paidCurrency, amount: formatCrypto(s.amountPaid) };
  events.toUsers([s.takerId], 'swap:completed', {
    swapId: s.id,
    orderId: s.orderId,
    role: 'taker',
    gave: paid,
    got: { currency: s.cryptocurrency, amount: formatCrypto(s.amountCrypto - s.feeAmount) },
    remainderReturned: null,
  });
  events.toUsers([s.makerId], 'swap:completed', {
    swapId: s.id,
    orderId: s.orderId,
    role: 'maker',
    gave: { currency: s.cryptocurrency, amount: formatCrypto(s.amountCrypto) },
    got: paid,
    remainderReturned: returned > 0n ? { currency: s.cryptocurrency, amount: formatCrypto(returned) } : null,
  });
  events.toUsers([s.makerId], 'order:updated', { orderId: s.orderId, status: orderStatus });
}
