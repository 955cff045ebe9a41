import type { TradeView } from '@p2p/shared';
import { Link } from 'react-router';
import { LoadingState } from '@/components/ui/Status';
import { type MessageKey, useI18n } from '@/i18n';
import type { OrderTradeStatus } from '../api/orders-api';
import { useOrderTrades } from '../api/queries';
import { formatCryptoText, formatDateTime, formatFiatText } from '../lib/format';
import { TraderRating } from './TraderBits';

const STATUS: Record<string, { key: MessageKey; tone: string }> = {
  CREATED: { key: 'orders.tradeStatus.CREATED', tone: 'badge--muted' },
  ESCROW_LOCKED: { key: 'orders.tradeStatus.ESCROW_LOCKED', tone: 'badge--warn' },
  PAYMENT_PENDING: { key: 'orders.tradeStatus.PAYMENT_PENDING', tone: 'badge--warn' },
  PAYMENT_CONFIRMED: { key: 'orders.tradeStatus.PAYMENT_CONFIRMED', tone: 'badge--primary' },
  DISPUTED: { key: 'orders.tradeStatus.DISPUTED', tone: 'badge--sell' },
  COMPLETED: { key: 'orders.tradeStatus.COMPLETED', tone: 'badge--buy' },
  CANCELLED: { key: 'orders.tradeStatus.CANCELLED', tone: 'badge--muted' },
};

/** Trades on one order with paging (spec 2 §2.1); each row opens the trade. */
export function OrderTradesList({ orderId, status }: { orderId: string; status: OrderTradeStatus | 'all' }) {
  const { t } = useI18n();
  const trades = useOrderTrades(orderId, status, true);
  if (trades.isPending) return <LoadingState text={t('orderManage.tradesLoading')} />;
  if (trades.isError) {
    return (
      <div className="alert alert--error">
        {t('orderManage.tradesError', { message: trades.error.message })}{' '}
        <button type="button" className="link-btn" onClick={() => trades.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  }
  const list = trades.data.pages.flatMap((page) => page.trades);
  if (list.length === 0) return <p className="empty">{t('orderManage.noTrades')}</p>;
  return (
    <>
      <ul className="order-trades">
        {list.map((trade) => (
          <OrderTradeRow key={trade.id} trade={trade} />
        ))}
      </ul>
      {trades.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          onClick={() => trades.fetchNextPage()}
          disabled={trades.isFetchingNextPage}
        >
          {trades.isFetchingNextPage ? t('common.loading') : t('orders.showMore')}
        </button>
      ) : null}
    </>
  );
}

function OrderTradeRow({ trade }: { trade: TradeView }) {
  const { t, locale } = useI18n();
  // The owner sees the other side: the buyer on a sell order, the seller on a buy order.
  const party = trade.userRole === 'seller' ? trade.buyer : trade.seller;
  const status = STATUS[trade.status] ?? {
    key: 'orders.tradeStatus.unknown' as MessageKey,
    tone: 'badge--muted',
  };
  return (
    <li>
      <Link to={`/trade/${trade.id}`} className="order-trade">
        <span className="order-trade__who">
          <span className="order-trade__name">{party.effectiveName}</span>
          <span className="small">
            <TraderRating user={{ rating: party.rating }} />{' '}
            <span className="muted">· {t('orders.tradesCount', { count: party.tradesCount })}</span>
          </span>
        </span>
        <span className="order-trade__amounts num">
          <span>{formatCryptoText(trade.amountCrypto, trade.cryptocurrency)}</span>
          <span className="small muted">{formatFiatText(trade.amountFiat, trade.fiatCurrency)}</span>
        </span>
        <span className="order-trade__status">
          <span className={`badge ${status.tone}`}>{t(status.key)}</span>
          <span className="small muted">{formatDateTime(trade.createdAt, locale)}</span>
        </span>
      </Link>
    </li>
  );
}
