import type { TradeView } from '@p2p/shared';
import { StatusBadge } from '@/components/ui/StatusBadge';
import { canSoftDelete } from '@/features/trade';
import { useI18n } from '@/i18n';
import { EMPTY, shortId } from '@/lib/format';
import { tradeFeeQuote, useFeePpm } from '@/lib/platform-config';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';

/** One trade of the list. */
export function TradeListRow({
  trade,
  deleting,
  onDelete,
}: {
  trade: TradeView;
  deleting: boolean;
  onDelete: () => void;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  const fee = tradeFeeQuote(trade, useFeePpm());
  const role = trade.userRole === 'buyer' ? 'buy' : 'sell';
  return (
    <li className={`panel mt-row${deleting ? ' mt-row--busy' : ''}`}>
      <div className="mt-row__head">
        <span className="mt-row__id num">#{shortId(trade.id)}</span>
        <StatusBadge status={trade.status} />
        <span className={`mt-row__role mt-row__role--${role}`}>
          {t(trade.userRole === 'buyer' ? 'trade.role.buyer' : 'trade.role.seller')}
        </span>
      </div>
      <div className="mt-row__amounts num">
        <span className="mt-row__crypto">{fmt.crypto(trade.amountCrypto, trade.cryptocurrency)}</span>
        <span className="mt-row__fiat">{fmt.fiat(trade.amountFiat, trade.fiatCurrency)}</span>
        {fee && trade.status !== 'CANCELLED' ? (
          <span className="mt-row__fee small">
            {t(trade.userRole === 'buyer' ? 'myTrades.youGet' : 'myTrades.buyerGets', {
              net: fmt.crypto(fee.net, trade.cryptocurrency),
              fee: fmt.crypto(fee.fee, trade.cryptocurrency),
            })}
          </span>
        ) : null}
      </div>
      <div className="mt-row__who small">
        <Counterparty trade={trade} />
      </div>
      <dl className="mt-row__dates small">
        <div>
          <dt className="muted">{t('myTrades.created')}</dt>
          <dd>{fmt.dateTime(trade.createdAt)}</dd>
        </div>
        <div>
          <dt className="muted">{t('myTrades.completed')}</dt>
          <dd>{fmt.dateTime(trade.completedAt)}</dd>
        </div>
      </dl>
      <div className="mt-row__actions">
        <Link to={`/trade/${trade.id}`} className="btn btn--primary btn--sm">
          {t('myTrades.open')}
        </Link>
        {canSoftDelete(trade.status) ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm tr-danger-text"
            onClick={onDelete}
            disabled={deleting}
          >
            {deleting ? t('myTrades.deleting') : t('myTrades.delete')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** Who the trade is with: name, rating and trades; a dash when unknown. */
function Counterparty({ trade }: { trade: TradeView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const cp = trade.counterparty;
  if (!cp) return EMPTY;
  return (
    <>
      <Link to={`/user/${cp.id}`}>{cp.name}</Link>
      <span className="muted num">
        {' · '}
        {cp.rating === null ? t('trade.rep.noRating') : `★ ${fmt.rating(cp.rating)}`}
        {' · '}
        {t('trade.participants.trades', { count: cp.tradesCount })}
      </span>
    </>
  );
}
