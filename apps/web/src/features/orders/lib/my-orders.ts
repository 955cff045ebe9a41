import type { OrderView } from '@p2p/shared';

export interface MyOrderCounters {
  total: number;
  active: number;
  paused: number;
  /** Inactive = paused, expired and completed. */
  inactive: number;
}

/** Counters of the my-orders screen over the orders it lists (cancelled ones are deleted). */
export function myOrderCounters(orders: Pick<OrderView, 'status'>[]): MyOrderCounters {
  const listed = orders.filter((o) => o.status !== 'cancelled');
  const count = (...statuses: OrderView['status'][]) =>
    listed.filter((o) => statuses.includes(o.status)).length;
  return {
    total: listed.length,
    active: count('active'),
    paused: count('paused'),
    inactive: count('paused', 'expired', 'completed'),
  };
}

/** Active and paused orders can still be managed and deleted; the others are closed. */
export const isLiveOrder = (order: Pick<OrderView, 'status'>) =>
  order.status === 'active' || order.status === 'paused';
