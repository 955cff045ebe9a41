import { LoadingState } from '@/components/ui/Status';
import { useI18n } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import type { useOwnProfile, useTradeStats } from '../api/dashboard-api';
import { WidgetError } from './WidgetError';

/** Trades, rating, success rate and volume per fiat, all computed by the server from real trades. */
export function StatsWidget({
  stats,
  profile,
}: {
  stats: ReturnType<typeof useTradeStats>;
  profile: ReturnType<typeof useOwnProfile>;
}) {
  const { t } = useI18n();
  return (
    <section className="panel widget" aria-labelledby="w-stats">
      <div className="widget__head">
        <h2 id="w-stats" className="panel__title">
          {t('dashboard.stats')}
        </h2>
        <Link to="/my-trades" className="btn btn--ghost btn--sm">
          {t('dash.details')}
        </Link>
      </div>
      {stats.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : stats.isError ? (
        <WidgetError message={stats.error.message} onRetry={() => stats.refetch()} />
      ) : stats.data.totalTrades === 0 ? (
        <p className="muted small">{t('dash.noData')}</p>
      ) : (
        <StatsList stats={stats.data} profile={profile} />
      )}
    </section>
  );
}

type TradeStats = NonNullable<ReturnType<typeof useTradeStats>['data']>;

/** The figures: trades, rating, success rate, volume per fiat, active and completed trades. */
function StatsList({ stats, profile }: { stats: TradeStats; profile: ReturnType<typeof useOwnProfile> }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const rating = profile.data?.user.rating;
  const volumes = Object.entries(stats.volumeByFiat);
  return (
    <dl className="widget-stats">
      <div>
        <dt>{t('dash.totalTrades')}</dt>
        <dd className="num">{stats.totalTrades}</dd>
      </div>
      <div>
        <dt>{t('dash.rating')}</dt>
        <dd className="num">
          {profile.isPending ? (
            '…'
          ) : rating == null ? (
            <span className="muted">{t('orders.noRating')}</span>
          ) : (
            <>
              <span className="rating__star" aria-hidden="true">
                ★
              </span>{' '}
              {fmt.rating(rating)}
            </>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('dash.successRate')}</dt>
        <dd className="num">{stats.completionRate === null ? EMPTY : fmt.percent(stats.completionRate)}</dd>
      </div>
      <div>
        <dt>{t('dash.volume')}</dt>
        <dd className="num">
          {volumes.length === 0
            ? '—'
            : volumes.map(([fiat, amount]) => (
                <span key={fiat} className="widget-stats__volume">
                  {fmt.fiat(amount, fiat)}
                </span>
              ))}
        </dd>
      </div>
      <div>
        <dt>{t('dash.activeTrades')}</dt>
        <dd className="num">{stats.activeTrades}</dd>
      </div>
      <div>
        <dt>{t('dash.completedTrades')}</dt>
        <dd className="num">{stats.completedTrades}</dd>
      </div>
    </dl>
  );
}
