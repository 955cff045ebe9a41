import type { ReviewView } from '@p2p/shared';
import { Avatar } from '@/components/ui/Avatar';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';

export function ReviewsList({ reviews }: { reviews: ReviewView[] }) {
  const { t } = useI18n();
  const fmt = useFormat();
  if (reviews.length === 0) return <p className="empty">{t('profile.noReviews')}</p>;
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id} className="review">
          <Avatar name={review.reviewer.effective_name} size="sm" />
          <div className="review__body">
            <div className="review__head">
              <span className="review__author">{review.reviewer.effective_name}</span>
              <span className="review__stars" role="img" aria-label={`${review.rating}/5`}>
                {'★'.repeat(review.rating)}
                <span className="muted">{'★'.repeat(5 - review.rating)}</span>
              </span>
              <time className="muted small" dateTime={review.created_at}>
                {fmt.date(review.created_at, 'short')}
              </time>
            </div>
            {review.comment ? <p className="review__text">{review.comment}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
