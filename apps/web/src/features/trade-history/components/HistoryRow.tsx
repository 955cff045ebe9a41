import type { TradeHistoryRow } from '@p2p/shared';
import { Avatar } from '@/components/ui/Avatar';
import { type MessageKey, useT } from '@/i18n';
import { EMPTY, shortId } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';

const OUTCOME: Record<TradeHistoryRow['outcome'], { label: MessageKey; tone: string }> = {
  completed: { label: 'tradeHistory.outcome.completed', tone: 'success' },
  cancelled: { label: 'tradeHistory.outcome.cancelled', tone: 'muted' },
  expired: { label: 'tradeHistory.outcome.expired', tone: 'muted' },
  disputed: { label: 'tradeHistory.outcome.disputed', tone: 'danger' },
  in_progress: { label: 'tradeHistory.outcome.inProgress', tone: 'progress' },
};

/** One trade of the history: amounts, fee, net, counterparty, duration and outcome. */
export function HistoryRow({ trade }: { trade: TradeHistoryRow }) {
  const t = useT();
  const fmt = useFormat();
  const outcome = OUTCOME[trade.outcome];
  const cp = trade.counterparty;
  const finished = trade.outcome === 'completed';
  return (
    <li className="panel th-row" data-testid="history-row">
      <div className="th-row__head">
        <Link to={`/trade/${trade.id}`} className="th-row__id num">
          #{shortId(trade.id)}
        </Link>
        <span className={`th-row__type th-row__type--${trade.type}`}>
          {t(trade.type === 'buy' ? 'tradeHistory.type.buy' : 'tradeHistory.type.sell')}
        </span>
        <span className={`status-pill status-pill--${outcome.tone}`}>{t(outcome.label)}</span>
        <span className="th-row__date muted small num">{fmt.dateTime(trade.createdAt)}</span>
      </div>
      <dl className="th-row__figures">
        <div>
          <dt>{t('tradeHistory.amount')}</dt>
          <dd className="num">
            {fmt.crypto(trade.amountCrypto, trade.cryptocurrency)}
            <span className="th-row__sub">{fmt.fiat(trade.amountFiat, trade.fiatCurrency)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('tradeHistory.fee')}</dt>
          <dd className="num">{finished ? fmt.crypto(trade.fee, trade.cryptocurrency) : EMPTY}</dd>
        </div>
        <div>
          <dt>{t('tradeHistory.net')}</dt>
          <dd className="num">{finished ? fmt.crypto(trade.net, trade.cryptocurrency) : EMPTY}</dd>
        </div>
        <div>
          <dt>{t('tradeHistory.duration')}</dt>
          <dd className="num">
            {trade.durationSeconds === null ? EMPTY : fmt.duration(trade.durationSeconds)}
          </dd>
        </div>
      </dl>
      <div className="th-row__foot">
        <Link to={`/user/${cp.id}`} className="th-row__who">
          <Avatar name={cp.name} src={cp.avatarUrl} size="xs" />
          <span>{cp.name}</span>
          <span className="muted small num">
            {cp.rating === null ? t('trade.rep.noRating') : `★ ${fmt.rating(cp.rating)}`}
          </span>
        </Link>
        <span className="muted small">{fmt.paymentMethod(trade.paymentMethod)}</span>
        <Link to={`/trade/${trade.id}`} className="btn btn--ghost btn--sm th-row__open">
          {t('tradeHistory.details')}
        </Link>
      </div>
    </li>
  );
}
