import { LoadingState } from '@/components/ui/Status';
import { OrderTypeBadge, type useMyOrders } from '@/features/orders';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { WidgetError } from './WidgetError';

const SHOWN = 4;

/** My active orders: count, the first few with type, amount and price, and a manage button. */
export function OrdersWidget({ orders }: { orders: ReturnType<typeof useMyOrders> }) {
  const t = useT();
  const fmt = useFormat();
  const active = (orders.data ?? []).filter((o) => o.status === 'active');
  return (
    <section className="panel widget" aria-labelledby="w-orders">
      <div className="widget__head">
        <h2 id="w-orders" className="panel__title">
          {t('dashboard.orders')}{' '}
          {orders.data ? <span className="widget__count num">{active.length}</span> : null}
        </h2>
        <Link to="/create-order" className="btn btn--primary btn--sm">
          {t('nav.createOrder')}
        </Link>
      </div>
      {orders.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : orders.isError ? (
        <WidgetError message={orders.error.message} onRetry={() => orders.refetch()} />
      ) : active.length === 0 ? (
        <p className="empty small">{t('dash.noActiveOrders')}</p>
      ) : (
        <>
          <ul className="widget-list">
            {active.slice(0, SHOWN).map((order) => (
              <li key={order.id} className="widget-list__row">
                <Link to={`/order/${order.id}`} className="widget-list__main">
                  <OrderTypeBadge type={order.type} />
                  <span className="num">
                    {fmt.crypto(order.available_amount, order.cryptocurrency, { balance: true })}
                  </span>
                  <span className="small muted num">
                    {fmt.fiat(order.price_per_unit, order.fiat_currency)}
                  </span>
                </Link>
                <Link to={`/order/${order.id}/manage`} className="btn btn--ghost btn--sm">
                  {t('orders.manage')}
                </Link>
              </li>
            ))}
          </ul>
          <Link to="/my-orders" className="small">
            {active.length > SHOWN ? t('dash.allOrdersCount', { count: active.length }) : t('dash.allOrders')}
          </Link>
        </>
      )}
    </section>
  );
}
