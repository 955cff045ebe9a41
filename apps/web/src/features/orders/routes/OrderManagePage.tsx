import type { OrderView } from '@p2p/shared';
import { useId, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { Switch } from '@/components/ui/Switch';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useI18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { Link, useParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { OrderTradeStatus } from '../api/orders-api';
import { useOrder, useOrderMutations, useOrderStats } from '../api/queries';
import { FloatingNote } from '../components/FloatingNote';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { OrderTradesList } from '../components/OrderTradesList';

import { isMissing } from './OrderDetailPage';
import '../orders.css';
import { shortId } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The owner's management page of an order. */
export function OrderManagePage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const { user } = useSession();
  const order = useOrder(id);
  const isOwner = !!order.data && order.data.user_id === user?.id;
  const stats = useOrderStats(id, isOwner);
  useDocumentTitle(t('orderManage.title'));

  if (order.isPending) {
    return (
      <div className="page">
        <LoadingState text={t('orderPage.loading')} />
      </div>
    );
  }
  const home = (
    <Link to="/" className="btn btn--primary">
      {t('common.home')}
    </Link>
  );
  if (order.isError && isMissing(order.error)) {
    return (
      <div className="page page--narrow">
        <MessageState title={t('orders.notFound')}>{home}</MessageState>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="page page--narrow">
        <MessageState
          title={t('orderManage.loadError')}
          text={order.error.message || t('orderManage.loadErrorText')}
        >
          <button type="button" className="btn btn--ghost" onClick={() => order.refetch()}>
            {t('common.retry')}
          </button>
          {home}
        </MessageState>
      </div>
    );
  }
  if (!isOwner || isForbidden(stats.error)) {
    return (
      <div className="page page--narrow">
        <MessageState title={t('orderManage.forbidden')} text={t('orderManage.forbiddenText')}>
          <Link to={`/order/${id}`} className="btn btn--ghost">
            {t('orders.openPage')}
          </Link>
          {home}
        </MessageState>
      </div>
    );
  }
  return (
    <ManageOrder
      order={order.data}
      onRefresh={() => Promise.all([order.refetch(), stats.refetch()])}
      stats={stats}
    />
  );
}

function ManageOrder({
  order,
  stats,
  onRefresh,
}: {
  order: OrderView;
  stats: ReturnType<typeof useOrderStats>;
  onRefresh: () => Promise<unknown>;
}) {
  const { t } = useI18n();
  const [filter, setFilter] = useState<OrderTradeStatus | 'all'>('all');

  return (
    <section className="page" aria-labelledby="manage-title">
      <Link to="/my-orders" className="back-link small">
        <Icon name="arrowLeft" size={16} /> {t('orderManage.backToMine')}
      </Link>
      <ManageHead order={order} totalTrades={stats.data?.totalTrades} onRefresh={onRefresh} />
      {stats.isError ? (
        <p className="alert alert--error">{t('orderManage.statsError', { message: stats.error.message })}</p>
      ) : null}
      <OrderStatCards order={order} stats={stats} />

      <section className="panel" aria-labelledby="manage-actions-title">
        <h2 id="manage-actions-title" className="panel__title">
          {t('orderManage.manageTitle')}
        </h2>
        <QuickActions order={order} />
      </section>

      <section className="panel" aria-labelledby="order-trades-title">
        <div className="panel__head">
          <h2 id="order-trades-title" className="panel__title">
            {t('orderManage.tradesTitle')}
          </h2>
          <label className="inline-select small">
            <span>{t('orderManage.filter')}</span>
            <select
              className="input input--sm"
              value={filter}
              onChange={(event) => setFilter(event.target.value as OrderTradeStatus | 'all')}
            >
              <option value="all">{t('orderManage.filter.all')}</option>
              <option value="created">{t('orderManage.filter.created')}</option>
              <option value="payment_pending">{t('orderManage.filter.payment_pending')}</option>
              <option value="completed">{t('orderManage.filter.completed')}</option>
              <option value="cancelled">{t('orderManage.filter.cancelled')}</option>
            </select>
          </label>
        </div>
        <OrderTradesList orderId={order.id} status={filter} />
      </section>
    </section>
  );
}

interface ManageHeadProps {
  order: OrderView;
  /** The order's trades, once the statistics are there. */
  totalTrades: number | undefined;
  onRefresh: () => Promise<unknown>;
}

/** What the order is, its number, trades and status, and the refresh button. */
function ManageHead({ order, totalTrades, onRefresh }: ManageHeadProps) {
  const { t } = useI18n();
  const fmt = useFormat();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      await onRefresh();
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <div className="panel manage-head">
      <div className="manage-head__main">
        <h1 id="manage-title" className="page__title">
          {t(order.type === 'buy' ? 'orders.type.buy' : 'orders.type.sell')} ·{' '}
          <span className="num">{fmt.crypto(order.amount_crypto, order.cryptocurrency)}</span>
        </h1>
        <div className="manage-head__meta small muted">
          <span className="num">#{shortId(order.id)}</span>
          {totalTrades !== undefined ? (
            <span>{t('orderManage.tradesCount', { count: totalTrades })}</span>
          ) : null}
          <OrderStatusBadge status={order.status} />
          <FloatingNote margin={order.margin_percent} paused={order.market_paused} />
        </div>
      </div>
      <button type="button" className="btn btn--ghost btn--sm" onClick={refresh} disabled={refreshing}>
        <Icon name="refresh" size={16} /> <span className="hide-sm">{t('orders.refresh')}</span>
      </button>
    </div>
  );
}

/** The order's trade statistics: an ellipsis while loading, dashes without data. */
function OrderStatCards({ order, stats }: { order: OrderView; stats: ReturnType<typeof useOrderStats> }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const crypto = order.cryptocurrency;
  const s = stats.data;
  const cards = [
    { label: t('orderManage.stats.total'), value: s ? String(s.totalTrades) : '—' },
    { label: t('orderManage.stats.volume'), value: s ? fmt.crypto(s.totalVolumeCrypto, crypto) : '—' },
    { label: t('orderManage.stats.active'), value: s ? String(s.activeTrades) : '—' },
    { label: t('orderManage.stats.completed'), value: s ? String(s.completedTrades) : '—' },
    {
      label: t('orderManage.stats.average'),
      value: s ? fmt.crypto(s.averageTradeAmount, crypto) : '—',
    },
  ];
  return (
    <ul className="stat-cards" aria-label={t('orderManage.statsTitle')}>
      {cards.map((card) => (
        <li key={card.label} className="stat-card">
          <span className="stat-card__label">{card.label}</span>
          <span className="stat-card__value num">{stats.isPending ? '…' : card.value}</span>
        </li>
      ))}
    </ul>
  );
}

function QuickActions({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const id = useId();
  const { setStatus } = useOrderMutations();
  const live = order.status === 'active' || order.status === 'paused';
  const toggle = (active: boolean) => {
    setStatus.mutate(
      { id: order.id, status: active ? 'active' : 'paused' },
      {
        onSuccess: () => toast.success(t(active ? 'orderManage.activated' : 'orderManage.paused')),
        onError: (error) => toast.error(t('orderManage.statusError', { message: error.message })),
      },
    );
  };
  return (
    <div className="quick-card">
      <h3 className="quick-card__title">{t('orderManage.quickTitle')}</h3>
      <div className="quick-card__row">
        <div>
          <p id={`${id}-l`} className="quick-card__label">
            {t('orderManage.activeSwitch')}
          </p>
          <p id={`${id}-d`} className="small muted">
            {live ? t('orderManage.activeHint') : t('orderManage.closedHint')}
          </p>
        </div>
        {live ? (
          <Switch
            checked={order.status === 'active'}
            onChange={setStatus.isPending ? () => undefined : toggle}
            labelledBy={`${id}-l`}
            describedBy={`${id}-d`}
          />
        ) : (
          <OrderStatusBadge status={order.status} />
        )}
      </div>
      <div className="quick-card__links">
        <Link to={`/order/${order.id}`} className="btn btn--ghost btn--sm">
          {t('orders.openPage')}
        </Link>
      </div>
    </div>
  );
}
