import type { PublicProfile } from '@p2p/shared';
import { useT } from '@/i18n';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';

/** Rating, trades and completion: null means "no data", shown as such, never as a default. */
export function ProfileStats({ user }: { user: PublicProfile['user'] }) {
  const t = useT();
  const fmt = useFormat();
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
        <dd className="num">{user.total_trades}</dd>
      </div>
      <div className="stats__item">
        <dt>{t('profile.completion')}</dt>
        <dd className="num">{user.completion_rate === null ? EMPTY : fmt.percent(user.completion_rate)}</dd>
      </div>
    </dl>
  );
}
