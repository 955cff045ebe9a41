import { isSwapPayment, type OrderView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { marginText, marginTone } from '../lib/floating';
import { takerSide } from '../lib/side';
import { tradeLimitTexts } from '../lib/trade-form';
import { FloatingNote } from './FloatingNote';
import { OrderTypeBadge } from './OrderStatusBadge';
import { PaymentMethodTags, TimeLimit, TraderAvatar, TraderRating } from './TraderBits';

/** Type badge and the sentence that says which side the visitor is on. */
export function OrderSideLine({ order }: { order: OrderView }) {
  const t = useT();
  const { user } = useSession();
  const own = user?.id === order.user_id;
  const side = takerSide(order.type);
  const hint = own
    ? t(order.type === 'buy' ? 'orders.ownBuyHint' : 'orders.ownSellHint', { crypto: order.cryptocurrency })
    : t(side === 'buy' ? 'orders.youBuyHint' : 'orders.youSellHint', { crypto: order.cryptocurrency });
  return (
    <div className="order-side">
      {/* The owner sees the colour of their own side; a visitor's side is the opposite, so neutral. */}
      <OrderTypeBadge type={order.type} neutral={!own} />
      {order.user.verified ? (
        <span className="badge badge--primary">
          <Icon name="check" size={12} /> {t('orders.verified')}
        </span>
      ) : null}
      <span className="small muted">{hint}</span>
    </div>
  );
}

/**
 * Price, amounts, limits, methods and time: the terms of an order as a definition list.
 * Without `summary` the price and amounts are left out (a page that shows them above).
 */
export function OrderTerms({ order, summary = true }: { order: OrderView; summary?: boolean }) {
  const t = useT();
  const fmt = useFormat();
  const own = useSession().user?.id === order.user_id;
  const limits = tradeLimitTexts(order);
  const fiat = order.fiat_currency;
  return (
    <dl className="order-terms">
      {summary ? (
        <>
          <div className="order-terms__row order-terms__row--price">
            <dt>{t('orders.pricePerUnit', { crypto: order.cryptocurrency })}</dt>
            <dd className="num">
              {fmt.fiat(order.price_per_unit, fiat)}
              {own ? (
                <span className="order-terms__sub">
                  <FloatingNote margin={order.margin_percent} paused={order.market_paused} />
                </span>
              ) : order.margin_percent !== null ? (
                <span className={`order-terms__sub ${marginTone(order.margin_percent)}`}>
                  {t('orders.marketMargin', { value: marginText(order.margin_percent, fmt.lang) })}
                </span>
              ) : null}
            </dd>
          </div>
          <div className="order-terms__row">
            <dt>{t('orders.available')}</dt>
            <dd className="num">
              {fmt.crypto(order.available_amount, order.cryptocurrency)}
              <span className="order-terms__sub">≈ {fmt.fiat(order.available_fiat, fiat)}</span>
            </dd>
          </div>
          <div className="order-terms__row">
            <dt>{t('orders.totalCost')}</dt>
            <dd className="num">
              {fmt.fiat(order.total_amount, fiat)}
              <span className="order-terms__sub">
                {t('orders.forAmount', {
                  amount: fmt.crypto(order.amount_crypto, order.cryptocurrency),
                })}
              </span>
            </dd>
          </div>
        </>
      ) : null}
      <div className="order-terms__row">
        <dt>{t('orders.limits')}</dt>
        <dd className="num">
          {fmt.fiat(limits.min, fiat)} – {fmt.fiat(limits.max, fiat)}
        </dd>
      </div>
      {isSwapPayment(fiat) ? (
        <div className="order-terms__row">
          <dt>{t('swap.settlement')}</dt>
          <dd>{t('swap.badge')}</dd>
        </div>
      ) : (
        <>
          <div className="order-terms__row">
            <dt>{t('orders.timeLimit')}</dt>
            <dd>
              <TimeLimit minutes={order.time_limit} />
            </dd>
          </div>
          <div className="order-terms__row order-terms__row--methods">
            <dt>{t('orders.paymentMethods')}</dt>
            <dd>
              <PaymentMethodTags methods={order.payment_methods} />
            </dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The order's owner: link to the public profile, rating or "Нет оценок", trades, completion. */
export function TraderBlock({ order }: { order: OrderView }) {
  const t = useT();
  const fmt = useFormat();
  const { user } = order;
  return (
    <div className="trader-block">
      <TraderAvatar name={user.effective_name} src={user.avatar_url} size="lg" />
      <div className="trader-block__who">
        <Link to={`/user/${user.id}`} className="trader-block__name">
          {user.effective_name}
        </Link>
        {user.username ? <span className="small muted">@{user.username}</span> : null}
        <div className="trader-block__stats small">
          <TraderRating user={user} />
          <span>{t('orders.tradesCount', { count: user.trades_count })}</span>
          {user.completion_rate !== null ? (
            <span>{t('orders.completion', { value: fmt.percent(user.completion_rate) })}</span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
