import { isSwapPayment, type OrderView } from '@p2p/shared';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useSession } from '@/features/auth';
import { useI18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { Link, useNavigate, useParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useOrder, useOrderMutations } from '../api/queries';
import { FloatingNote } from '../components/FloatingNote';
import { OrderSideLine, OrderTerms, TraderBlock } from '../components/OrderFacts';
import { OrderStatusBadge } from '../components/OrderStatusBadge';
import { SwapEntry } from '../components/SwapEntry';
import { TradeEntry } from '../components/TradeEntry';
import { TradeFlowDialogs } from '../components/TradeFlowDialogs';
import { useTradeFlow } from '../components/useTradeFlow';

import '../orders.css';
import { shortId } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

/** After a delete, home after 1 s. */
const HOME_AFTER_DELETE_MS = 1000;

/** A malformed id is as unknown as a missing order. */
export const isMissing = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

/** Public order page. */
export function OrderDetailPage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const order = useOrder(id);
  useDocumentTitle(t('orderPage.title'));

  if (order.isPending) {
    return (
      <div className="page">
        <LoadingState text={t('orderPage.loading')} />
      </div>
    );
  }
  if (order.isError) {
    const missing = isMissing(order.error);
    return (
      <div className="page page--narrow">
        <MessageState
          title={t(missing ? 'orders.notFound' : 'orderPage.loadError')}
          text={missing ? t('orderPage.notFoundText') : order.error.message}
        >
          {missing ? null : (
            <button type="button" className="btn btn--ghost" onClick={() => order.refetch()}>
              {t('common.retry')}
            </button>
          )}
          <Link to="/" className="btn btn--primary">
            {t('common.home')}
          </Link>
        </MessageState>
      </div>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const { user } = useSession();
  const flow = useTradeFlow(order);
  const isOwner = user?.id === order.user_id;
  const crypto = order.cryptocurrency;
  useDocumentTitle(t(order.type === 'buy' ? 'orderPage.titleBuy' : 'orderPage.titleSell', { crypto }));

  return (
    <section className="page order-page" aria-labelledby="order-title">
      <Link to="/" className="back-link small">
        <Icon name="arrowLeft" size={16} /> {t('orders.backToMarket')}
      </Link>
      <OrderHero order={order} />
      <div className="order-page__grid">
        <OrderMain order={order} />
        <aside className="order-page__side">
          <section className="panel" aria-labelledby="owner-title">
            <h2 id="owner-title" className="panel__title">
              {t('orders.trader')}
            </h2>
            <TraderBlock order={order} />
          </section>
          <section className="panel order-page__action" aria-label={t('orderPage.actions')}>
            {isOwner ? (
              <OwnerActions order={order} />
            ) : isSwapPayment(order.fiat_currency) ? (
              <SwapEntry order={order} />
            ) : (
              <TradeEntry flow={flow} mode="dialog" />
            )}
            {isSwapPayment(order.fiat_currency) ? (
              // A swap has no escrow that waits and no chat (docs/decisions/026).
              <p className="small muted">{t('swap.instant')}</p>
            ) : (
              <ul className="safety-list small">
                <li>{t('orderPage.safety.escrow')}</li>
                <li>{t('orderPage.safety.outside')}</li>
                <li>{t('orderPage.safety.chat')}</li>
              </ul>
            )}
          </section>
        </aside>
      </div>
      <TradeFlowDialogs flow={flow} />
    </section>
  );
}

/** The side, the heading and the order's three figures: price, what is left, the total. */
function OrderHero({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const own = useSession().user?.id === order.user_id;
  const fiat = order.fiat_currency;
  const crypto = order.cryptocurrency;
  return (
    <div className="panel order-hero">
      <div className="order-hero__top">
        <OrderSideLine order={order} />
        {order.status !== 'active' ? <OrderStatusBadge status={order.status} /> : null}
      </div>
      <h1 id="order-title" className="page__title">
        {t(order.type === 'buy' ? 'orderPage.headingBuy' : 'orderPage.headingSell', { crypto, fiat })}
      </h1>
      <dl className="order-hero__figures">
        <div>
          <dt>{t('orders.pricePerUnit', { crypto })}</dt>
          <dd className="order-hero__price num">{fmt.fiat(order.price_per_unit, fiat)}</dd>
          {own ? (
            <dd>
              <FloatingNote margin={order.margin_percent} paused={order.market_paused} />
            </dd>
          ) : null}
        </div>
        <div>
          <dt>{t('orders.available')}</dt>
          <dd className="num">{fmt.crypto(order.available_amount, crypto)}</dd>
        </div>
        <div>
          <dt>{t('orders.totalCost')}</dt>
          <dd className="num">{fmt.fiat(order.total_amount, fiat)}</dd>
        </div>
      </dl>
    </div>
  );
}

/** The terms, the owner's description and the order's record. */
function OrderMain({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <div className="order-page__main">
      <section className="panel" aria-labelledby="terms-title">
        <h2 id="terms-title" className="panel__title">
          {t('orderPage.terms')}
        </h2>
        <OrderTerms order={order} summary={false} />
      </section>
      {order.description ? (
        <section className="panel" aria-labelledby="desc-title">
          <h2 id="desc-title" className="panel__title">
            {t('orders.description')}
          </h2>
          <p className="order-description">{order.description}</p>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="info-title">
        <h2 id="info-title" className="panel__title">
          {t('orderPage.info')}
        </h2>
        <dl className="order-terms">
          <div className="order-terms__row">
            <dt>{t('orderPage.completedTrades')}</dt>
            <dd className="num">{order.completed_trades}</dd>
          </div>
          <div className="order-terms__row">
            <dt>{t('orderPage.created')}</dt>
            <dd>{fmt.dateTime(order.created_at)}</dd>
          </div>
          <div className="order-terms__row">
            <dt>{t('orderPage.expires')}</dt>
            <dd>{fmt.dateTime(order.expires_at)}</dd>
          </div>
          <div className="order-terms__row">
            <dt>{t('orderPage.number')}</dt>
            <dd className="num">#{shortId(order.id)}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}

function OwnerActions({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { remove } = useOrderMutations();
  const [confirming, setConfirming] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const live = order.status === 'active' || order.status === 'paused';

  const onDelete = () => {
    setConfirming(false);
    remove.mutate(order.id, {
      onSuccess: () => {
        toast.success(t('orders.deleted'));
        timer.current = setTimeout(() => navigate('/'), HOME_AFTER_DELETE_MS);
      },
      onError: (error) => toast.error(error.message || t('orders.deleteError')),
    });
  };

  return (
    <div className="owner-actions">
      <p className="trade-entry__own-text">
        <Icon name="info" size={16} /> {t('orders.ownOrder')}
      </p>
      {live ? (
        <Link to={`/order/${order.id}/manage`} className="btn btn--primary btn--block">
          <Icon name="sliders" size={16} /> {t('orders.manage')}
        </Link>
      ) : null}
      <button
        type="button"
        className="btn btn--ghost btn--block btn--danger-text"
        disabled={!live || remove.isPending || remove.isSuccess}
        onClick={() => setConfirming(true)}
      >
        {remove.isPending ? t('orders.deleting') : t('orders.delete')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('orders.deleteTitle')}
        text={t('orders.deleteConfirm')}
        confirmLabel={t('orders.delete')}
        danger
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
