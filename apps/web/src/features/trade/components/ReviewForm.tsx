import type { TradeView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { tradeApi, tradeKeys } from '../api/trade-api';

const COMMENT_MAX = 1000;

/** After COMPLETED, each party reviews the other once (docs/decisions/006): 1-5 stars and a comment. */
export function ReviewForm({ trade }: { trade: TradeView }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const other = trade.userRole === 'buyer' ? trade.seller : trade.buyer;
  const send = useMutation({
    mutationFn: () => tradeApi.review(trade.id, rating, comment.trim()),
    onSuccess: () => {
      toast.success(t('review.done'));
      void queryClient.invalidateQueries({ queryKey: tradeKeys.details(trade.id) });
    },
    onError: (e) => setError(e.message || t('review.failed')),
  });

  return (
    <section className="panel trade-review" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="panel__title">
        {t('review.title', { name: other.effectiveName })}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (rating < 1) return setError(t('review.pickRating'));
          setError(null);
          send.mutate();
        }}
      >
        <fieldset className="tr-stars">
          <legend className="sr-only">{t('review.rating')}</legend>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className={`tr-stars__star${n <= rating ? ' is-on' : ''}`}>
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t('review.stars', { count: n })}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-c`} className="field__label">
            {t('review.comment')}
          </label>
          <textarea
            id={`${id}-c`}
            className="input tr-textarea"
            rows={3}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <p className="field__hint tr-counter num">
            {comment.length}/{COMMENT_MAX}
          </p>
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary" disabled={send.isPending}>
          {send.isPending ? t('common.saving') : t('review.submit')}
        </button>
      </form>
    </section>
  );
}
