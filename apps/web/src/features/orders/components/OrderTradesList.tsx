import type { TradeView } from '@p2p/shared';
import { LoadingState } from '@/components/ui/Status';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { useI18n } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import type { OrderTradeStatus } from '../api/orders-api';
import { useOrderTrades } from '../api/queries';
import { TraderRating } from './TraderBits';

/** Trades on one order with paging; each row opens the trade. */
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
  const { t } = useI18n();
  const fmt = useFormat();
  // The owner sees the other side: the buyer on a sell order, the seller on a buy order.
  const party = trade.userRole === 'seller' ? trade.buyer : trade.seller;
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
          <span>{fmt.crypto(trade.amountCrypto, trade.cryptocurrency)}</span>
          <span className="small muted">{fmt.fiat(trade.amountFiat, trade.fiatCurrency)}</span>
        </span>
        <span className="order-trade__status">
          <StatusBadge status={trade.status} />
          <span className="small muted">{fmt.dateTime(trade.createdAt)}</span>
        </span>
      </Link>
    </li>
  );
}
