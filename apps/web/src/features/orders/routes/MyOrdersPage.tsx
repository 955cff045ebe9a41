import type { OrderView } from '@p2p/shared';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useI18n } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useMyOrders, useOrderMutations } from '../api/queries';
import { FloatingNote } from '../components/FloatingNote';
import { OrderStatusBadge, OrderTypeBadge } from '../components/OrderStatusBadge';

import { isLiveOrder, myOrderCounters } from '../lib/my-orders';
import '../orders.css';
import { useFormat } from '@/lib/use-format';

/** My orders: /my-orders, /orders/my and /dashboard/orders. */
export function MyOrdersPage() {
  const { t } = useI18n();
  useDocumentTitle(t('myOrders.title'));
  const orders = useMyOrders();
  const [deleting, setDeleting] = useState<OrderView | null>(null);
  const { remove } = useOrderMutations();

  useEffect(() => {
    if (orders.isError) toast.error(t('myOrders.loadError'), { id: 'my-orders-error' });
  }, [orders.isError, t]);

  const confirmDelete = () => {
    if (!deleting) return;
    const id = deleting.id;
    setDeleting(null);
    remove.mutate(id, {
      onSuccess: () => toast.success(t('myOrders.deleted')),
      onError: (error) => toast.error(error.message || t('orders.deleteError')),
    });
  };

  const list = (orders.data ?? []).filter((o) => o.status !== 'cancelled');

  return (
    <section className="page" aria-labelledby="my-orders-title">
      <div className="page__head page__head--split">
        <h1 id="my-orders-title" className="page__title">
          {t('myOrders.title')}
        </h1>
        <div className="head-actions">
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => orders.refetch()}
            disabled={orders.isFetching}
            aria-label={t('orders.refresh')}
          >
            <Icon name="refresh" size={16} /> <span className="hide-sm">{t('orders.refresh')}</span>
          </button>
          <Link to="/create-order" className="btn btn--primary btn--sm">
            <Icon name="plus" size={16} /> {t('nav.createOrder')}
          </Link>
        </div>
      </div>
      <MyOrderCounters counters={orders.data ? myOrderCounters(list) : null} />
      <MyOrdersList
        orders={orders}
        list={list}
        busyId={remove.isPending ? remove.variables : undefined}
        onDelete={setDeleting}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('orders.deleteTitle')}
        text={t('orders.deleteConfirm')}
        confirmLabel={t('orders.delete')}
        danger
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

/** Total, active, paused and inactive; dashes until the list is there. */
function MyOrderCounters({ counters }: { counters: ReturnType<typeof myOrderCounters> | null }) {
  const { t } = useI18n();
  return (
    <ul className="stat-cards stat-cards--4" aria-label={t('myOrders.counters')}>
      <li className="stat-card">
        <span className="stat-card__label">{t('myOrders.total')}</span>
        <span className="stat-card__value num">{counters ? counters.total : '—'}</span>
      </li>
      <li className="stat-card">
        <span className="stat-card__label">{t('myOrders.active')}</span>
        <span className="stat-card__value stat-card__value--buy num">{counters ? counters.active : '—'}</span>
      </li>
      <li className="stat-card">
        <span className="stat-card__label">{t('myOrders.paused')}</span>
        <span className="stat-card__value num">{counters ? counters.paused : '—'}</span>
      </li>
      <li className="stat-card" title={t('myOrders.inactiveHint')}>
        <span className="stat-card__label">{t('myOrders.inactive')}</span>
        <span className="stat-card__value num">{counters ? counters.inactive : '—'}</span>
      </li>
    </ul>
  );
}

interface MyOrdersListProps {
  orders: ReturnType<typeof useMyOrders>;
  /** The orders shown (cancelled ones left out). */
  list: OrderView[];
  /** The order being deleted, if any. */
  busyId: string | undefined;
  onDelete: (order: OrderView) => void;
}

/** Loading, error, empty (with the two ways to start) or the list. */
function MyOrdersList({ orders, list, busyId, onDelete }: MyOrdersListProps) {
  const { t } = useI18n();
  if (orders.isPending) return <LoadingState text={t('myOrders.loading')} />;
  if (orders.isError) {
    return (
      <MessageState title={t('myOrders.errorTitle')} text={orders.error.message}>
        <button type="button" className="btn btn--primary" onClick={() => orders.refetch()}>
          {t('common.retry')}
        </button>
      </MessageState>
    );
  }
  if (list.length === 0) {
    return (
      <MessageState title={t('myOrders.empty')} text={t('myOrders.emptyText')}>
        <Link to="/create-order?type=sell" className="btn btn--sell">
          {t('myOrders.createSell')}
        </Link>
        <Link to="/create-order?type=buy" className="btn btn--buy">
          {t('myOrders.createBuy')}
        </Link>
      </MessageState>
    );
  }
  return (
    <ul className="my-orders">
      {list.map((order) => (
        <MyOrderRow
          key={order.id}
          order={order}
          busy={busyId === order.id}
          onDelete={() => onDelete(order)}
        />
      ))}
    </ul>
  );
}

function MyOrderRow({ order, busy, onDelete }: { order: OrderView; busy: boolean; onDelete: () => void }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const crypto = order.cryptocurrency;
  const live = isLiveOrder(order);
  return (
    <li className="my-order">
      <Link to={`/order/${order.id}`} className="my-order__main">
        <span className="my-order__title">
          <OrderTypeBadge type={order.type} />
          <strong>{crypto}</strong>
          <span className="muted">/ {order.fiat_currency}</span>
          <OrderStatusBadge status={order.status} />
        </span>
        <span className="my-order__figures small">
          <span>
            <span className="muted">{t('orders.price')}: </span>
            <span className="num">{fmt.fiat(order.price_per_unit, order.fiat_currency)}</span>
          </span>
          <FloatingNote margin={order.margin_percent} paused={order.market_paused} />
          <span>
            <span className="muted">{t('orders.available')}: </span>
            <span className="num">
              {fmt.crypto(order.available_amount, crypto)} / {fmt.crypto(order.amount_crypto, crypto)}
            </span>
          </span>
          <span>
            <span className="muted">{t('orders.limits')}: </span>
            <span className="num">
              {fmt.fiat(order.min_amount, order.fiat_currency)} –{' '}
              {fmt.fiat(order.max_amount, order.fiat_currency)}
            </span>
          </span>
          <span className="muted">{fmt.dateTime(order.created_at)}</span>
        </span>
      </Link>
      {live ? (
        <div className="my-order__actions">
          <Link to={`/order/${order.id}/manage`} className="btn btn--ghost btn--sm">
            <Icon name="sliders" size={14} /> {t('orders.manage')}
          </Link>
          <button
            type="button"
            className="btn btn--ghost btn--sm btn--danger-text"
            onClick={onDelete}
            disabled={busy}
          >
            {busy ? t('orders.deleting') : t('orders.delete')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
