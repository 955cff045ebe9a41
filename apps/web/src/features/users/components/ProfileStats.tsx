import type { PublicProfile } from '@p2p/shared';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

/**
 * Every figure the server computes from trades and reviews: rating, completed trades (all and
 * of the last 30 days), completion rate, average release and payment times and volume. Null means "no data", shown as such,
 * never as a default.
 */
export function ProfileStats({ user }: { user: PublicProfile['user'] }) {
  const t = useT();
  const fmt = useFormat();
  if (!user.stats_visible) return <p className="muted stats-hidden">{t('publicProfile.statsHidden')}</p>;
  const seconds = (value: number | null) =>
    value === null ? <span className="muted">{t('publicProfile.noData')}</span> : fmt.duration(value);
  return (
    <dl className="stats">
      <div className="stats__item">
        <dt>{t('profile.rating')}</dt>
        <dd className="num">
          {user.rating === null ? (
            <span className="muted">{t('profile.noRating')}</span>
          ) : (
            <>
              <span className="star" aria-hidden="true">
                ★
              </span>{' '}
              {fmt.rating(user.rating)}
              <span className="stats__sub">{t('profile.reviewsCount', { count: user.reviews_count })}</span>
            </>
          )}
        </dd>
      </div>
      <div className="stats__item">
        <dt>{t('profile.trades')}</dt>
        <dd className="num">{user.completed_trades ?? user.total_trades}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('merchant.trades30d')}</dt>
        <dd className="num">{user.trades_30d ?? EMPTY}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('profile.completion')}</dt>
        <dd className="num">{user.completion_rate === null ? EMPTY : fmt.percent(user.completion_rate)}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('publicProfile.avgRelease')}</dt>
        <dd className="num">{seconds(user.avg_release_time)}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('merchant.avgPayment')}</dt>
        <dd className="num">{seconds(user.avg_payment_time)}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('partyUi.avgResponse')}</dt>
        <dd className="num">{seconds(user.avg_response_time)}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('publicProfile.volume')}</dt>
        <dd className="num">{user.total_volume === null ? EMPTY : fmt.fiat(user.total_volume, 'RUB')}</dd>
      </div>
    </dl>
  );
}
