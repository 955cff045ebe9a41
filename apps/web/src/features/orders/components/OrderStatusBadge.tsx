import type { OrderView } from '@p2p/shared';
import { type MessageKey, useT } from '@/i18n';

const LABEL: Record<OrderView['status'], MessageKey> = {
  active: 'orders.status.active',
  paused: 'orders.status.paused',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
  expired: 'orders.status.expired',
};
const TONE: Record<OrderView['status'], string> = {
  active: 'badge--buy',
  paused: 'badge--warn',
  completed: 'badge--primary',
  cancelled: 'badge--muted',
  expired: 'badge--muted',
};

export function OrderStatusBadge({ status }: { status: OrderView['status'] }) {
  const t = useT();
  return <span className={`badge ${TONE[status]}`}>{t(LABEL[status])}</span>;
}

/** "Покупка" / "Продажа": the order's own type, as its owner published it. */
export function OrderTypeBadge({ type, neutral }: { type: OrderView['type']; neutral?: boolean }) {
  const t = useT();
  const tone = neutral ? 'badge--muted' : type === 'buy' ? 'badge--buy' : 'badge--sell';
  return (
    <span className={`badge ${tone}`}>{t(type === 'buy' ? 'orders.type.buy' : 'orders.type.sell')}</span>
  );
}
