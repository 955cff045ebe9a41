import { isSwapPayment, type OrderView, type UnmetCondition } from '@p2p/shared';
import { useId } from 'react';
import { useT } from '@/i18n';

import { marginText, marginTone } from '../lib/floating';
import { tradeLimitTexts } from '../lib/trade-limits';
import { FloatingNote } from './FloatingNote';
import { MerchantFigures, TakerConditionsLine, UnmetNotice } from './MerchantFigures';
import { PaymentMethodTags, TimeLimit, TraderAvatar, TraderRating } from './TraderBits';
import '../orders.css';
import { useFormat } from '@/lib/use-format';
import { takerSide } from '../lib/side';

interface OrderCardProps {
  order: OrderView;
  /** Price against the market, e.g. "+1,7%"; absent when there is no live market price. */
  deviation?: string | null;
  isOwn: boolean;
  /** A condition of the order the signed-in viewer does not meet (docs/decisions/028). */
  unmet?: UnmetCondition | null;
  /** Opens the detail panel; `withForm` when the buy/sell button was pressed. */
  onOpen: (order: OrderView, withForm: boolean) => void;
}

/** One order in a market column. The whole card opens the details. */
export function OrderCard({ order, deviation, isOwn, unmet = null, onOpen }: OrderCardProps) {
  const t = useT();
  const fmt = useFormat();
  const margin = order.margin_percent;
  const nameId = useId();
  const unmetId = useId();
  const side = takerSide(order.type);
  const limits = tradeLimitTexts(order);
  // Paid in a coin: an instant swap, no methods and no time to pay (docs/decisions/026).
  const swap = isSwapPayment(order.fiat_currency);
  return (
    <article
      className={`order-card order-card--${side}${unmet ? ' order-card--unmet' : ''}`}
      aria-labelledby={nameId}
    >
      <div className="order-card__head">
        <TraderAvatar name={order.user.effective_name} src={order.user.avatar_url} />
        <div className="order-card__who">
          <button
            type="button"
            id={nameId}
            className="order-card__open"
            onClick={() => onOpen(order, false)}
            aria-label={t('orders.openDetailsOf', { name: order.user.effective_name })}
          >
            {order.user.effective_name}
          </button>
          <div className="order-card__rep small">
            <TraderRating user={order.user} />
            <span className="muted">{t('orders.tradesCount', { count: order.user.trades_count })}</span>
          </div>
        </div>
        <div className="order-card__price">
          <span className="order-card__price-value num">
            {fmt.fiat(order.price_per_unit, order.fiat_currency)}
          </span>
          <span className="small muted">
            {t('orders.perCoin', { crypto: order.cryptocurrency })}
            {deviation && margin === null ? ` · ${t('orders.vsMarket', { value: deviation })}` : ''}
          </span>
          {isOwn ? (
            <FloatingNote margin={margin} paused={order.market_paused} />
          ) : margin !== null ? (
            <span className={`order-card__margin small num ${marginTone(margin)}`}>
              {t('orders.marketMargin', { value: marginText(margin, fmt.lang) })}
            </span>
          ) : null}
          {order.market_paused && !isOwn ? (
            <span className="badge badge--muted order-card__paused">
              {t('errors.marketPriceUnavailable')}
            </span>
          ) : null}
        </div>
      </div>
      <dl className="order-card__terms small">
        <div>
          <dt>{t('orders.available')}</dt>
          <dd className="num">{fmt.crypto(order.available_amount, order.cryptocurrency)}</dd>
        </div>
        <div>
          <dt>{t('orders.limits')}</dt>
          <dd className="num">
            {fmt.fiat(limits.min, order.fiat_currency)} – {fmt.fiat(limits.max, order.fiat_currency)}
          </dd>
        </div>
      </dl>
      <MerchantFigures user={order.user} />
      <TakerConditionsLine order={order} />
      {unmet && !isOwn ? <UnmetNotice unmet={unmet} id={unmetId} /> : null}
      <div className="order-card__foot">
        {swap ? (
          <span className="badge badge--muted">{t('swap.badge')}</span>
        ) : (
          <>
            <PaymentMethodTags methods={order.payment_methods} max={2} />
            <TimeLimit minutes={order.time_limit} />
          </>
        )}
        {isOwn ? (
          <span className="badge badge--muted order-card__own">{t('orders.yours')}</span>
        ) : (
          <button
            type="button"
            className={`btn btn--sm btn--${side} order-card__action`}
            onClick={() => onOpen(order, true)}
            disabled={unmet !== null || order.market_paused}
            aria-describedby={unmet ? unmetId : undefined}
          >
            {swap
              ? t('swap.action')
              : t(side === 'buy' ? 'orders.buyCrypto' : 'orders.sellCrypto', {
                  crypto: order.cryptocurrency,
                })}
          </button>
        )}
      </div>
    </article>
  );
}
