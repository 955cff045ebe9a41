import type { PublicProfile } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { type MessageKey, useI18n } from '@/i18n';
import { ApiError } from '@/lib/api';
import { Link, useParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { usersApi } from '../api/users-api';
import { ProfileStats } from '../components/ProfileStats';
import { ReviewsList } from '../components/ReviewsList';
import '../users.css';

const ONLINE_LABEL: Record<string, MessageKey> = {
  online: 'profile.online',
  away: 'profile.away',
  offline: 'profile.offline',
};

/** A malformed id is as unknown as a missing user. */
const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

export function PublicProfilePage() {
  const { t } = useI18n();
  const { id = '' } = useParams();
  const profile = useQuery({
    queryKey: ['users', id, 'profile'],
    queryFn: () => usersApi.publicProfile(id),
    retry: false,
  });
  useDocumentTitle(profile.data?.user.effective_name ?? t('profile.title'));

  if (profile.isPending) {
    return (
      <div className="page">
        <LoadingState text={t('common.loading')} />
      </div>
    );
  }
  if (profile.isError) {
    const missing = isNotFound(profile.error);
    return (
      <div className="page page--narrow">
        <MessageState
          title={missing ? t('profile.notFound') : t('profile.loadError')}
          text={missing ? undefined : profile.error.message}
        >
          {missing ? null : (
            <button type="button" className="btn btn--ghost" onClick={() => profile.refetch()}>
              {t('common.retry')}
            </button>
          )}
          <Link to="/" className="btn btn--primary">
            {t('common.home')}
          </Link>
        </MessageState>
      </div>
    );
  }

  const { user, reviews } = profile.data;
  return (
    <section className="page page--narrow" aria-labelledby="profile-name">
      <ProfileCard user={user} />

      {/* Hidden statistics hide the reviews too (the owner's privacy setting). */}
      {user.stats_visible ? (
        <section className="panel" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="panel__title">
            {t('profile.reviews')} <span className="muted num">{user.reviews_count}</span>
          </h2>
          <ReviewsList reviews={reviews} />
        </section>
      ) : null}
    </section>
  );
}

/** Who they are (name, verified, presence, member since), their bio and figures. */
function ProfileCard({ user }: { user: PublicProfile['user'] }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const since = fmt.date(user.joined_date, 'long');
  return (
    <div className="panel profile-card">
      <div className="profile-card__head">
        <Avatar name={user.effective_name} src={user.avatar} size="lg" />
        <div className="profile-card__who">
          <h1 id="profile-name" className="profile-card__name">
            {user.effective_name}
            {user.verified ? (
              <span className="badge badge--buy" title={t('profile.verified')}>
                <Icon name="check" size={14} /> {t('profile.verified')}
              </span>
            ) : null}
          </h1>
          {user.username ? <div className="muted">@{user.username}</div> : null}
          <div className="profile-card__meta small">
            {user.online_status ? (
              <span className={`presence presence--${user.online_status}`}>
                {t(ONLINE_LABEL[user.online_status] ?? 'profile.offline')}
              </span>
            ) : null}
            <span className="muted">{t('profile.memberSince', { date: since })}</span>
          </div>
        </div>
      </div>
      {user.bio ? <p className="profile-card__bio">{user.bio}</p> : null}
      <ProfileStats user={user} />
    </div>
  );
}
