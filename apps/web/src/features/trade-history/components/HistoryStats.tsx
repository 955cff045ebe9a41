import type { TradeHistoryList } from '@p2p/shared';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

/** Figures over every trade the filter matches (computed by the server, not from this page). */
export function HistoryStats({ stats }: { stats: TradeHistoryList['stats'] }) {
  const t = useT();
  const fmt = useFormat();
  const volumes = Object.entries(stats.volumeByFiat);
  return (
    <dl className="panel th-stats">
      <div>
        <dt>{t('tradeHistory.stats.total')}</dt>
        <dd className="num">{stats.totalTrades}</dd>
      </div>
      <div>
        <dt>{t('tradeHistory.stats.completed')}</dt>
        <dd className="num th-stats__good">{stats.completedTrades}</dd>
      </div>
      <div>
        <dt>{t('tradeHistory.stats.cancelled')}</dt>
        <dd className="num">{stats.cancelledTrades}</dd>
      </div>
      <div>
        <dt>{t('tradeHistory.stats.disputed')}</dt>
        <dd className="num th-stats__bad">{stats.disputedTrades}</dd>
      </div>
      <div>
        <dt>{t('tradeHistory.stats.success')}</dt>
        <dd className="num">{stats.successRate === null ? EMPTY : fmt.percent(stats.successRate)}</dd>
      </div>
      <div>
        <dt>{t('tradeHistory.stats.avgTime')}</dt>
        <dd className="num">
          {stats.avgTradeSeconds === null ? EMPTY : fmt.duration(stats.avgTradeSeconds)}
        </dd>
      </div>
      <div className="th-stats__volume">
        <dt>{t('tradeHistory.stats.volume')}</dt>
        <dd className="num">
          {volumes.length === 0
            ? EMPTY
            : volumes.map(([fiat, amount]) => (
                <span key={fiat} className="th-stats__line">
                  {fmt.fiat(amount, fiat)}
                </span>
              ))}
        </dd>
      </div>
    </dl>
  );
}
