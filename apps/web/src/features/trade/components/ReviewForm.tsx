import { ReviewRequest, type TradeView } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { tradeApi, tradeKeys } from '../api/trade-api';

const COMMENT_MAX = 1000;
const RATINGS = [1, 2, 3, 4, 5];

/** The shared review request, asking for a star in the form's own words. */
const reviewSchema = ReviewRequest.extend({
  rating: z.number().int().min(1, 'review.pickRating').max(5, 'review.pickRating'),
});
type ReviewBody = z.output<typeof reviewSchema>;
type ReviewValues = { rating: number; comment: string };

/** After COMPLETED, each party reviews the other once (docs/decisions/006): 1-5 stars and a comment. */
export function ReviewForm({ trade }: { trade: TradeView }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const resolver = useMemo(() => catalogueResolver<ReviewValues, ReviewBody>(reviewSchema, currentLang), []);
  const form = useForm<ReviewValues, unknown, ReviewBody>({
    resolver,
    defaultValues: { rating: 0, comment: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const other = trade.userRole === 'buyer' ? trade.seller : trade.buyer;
  const send = useMutation({
    mutationFn: ({ rating, comment }: ReviewBody) => tradeApi.review(trade.id, rating, comment),
    onSuccess: () => {
      toast.success(t('review.done'));
      void queryClient.invalidateQueries({ queryKey: tradeKeys.details(trade.id) });
    },
    onError: (e) =>
      form.setError('root.server', { type: 'server', message: e.message || t('review.failed') }),
  });
  const { errors } = form.formState;
  const error = errors.rating?.message ?? errors.comment?.message ?? errors.root?.server?.message;
  const comment = form.watch('comment');

  return (
    <section className="panel trade-review" aria-labelledby={`${id}-t`}>
      <h2 id={`${id}-t`} className="panel__title">
        {t('review.title', { name: other.effectiveName })}
      </h2>
      <form onSubmit={form.handleSubmit((body) => send.mutate(body))}>
        <Stars
          id={id}
          rating={form.watch('rating')}
          onRate={(n) => form.setValue('rating', n, { shouldDirty: true })}
        />
        <div className="field">
          <label htmlFor={`${id}-c`} className="field__label">
            {t('review.comment')}
          </label>
          <textarea
            id={`${id}-c`}
            className="input tr-textarea"
            rows={3}
            maxLength={COMMENT_MAX}
            {...form.register('comment')}
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

/** One to five stars, as radio buttons. */
function Stars({ id, rating, onRate }: { id: string; rating: number; onRate: (rating: number) => void }) {
  const t = useT();
  return (
    <fieldset className="tr-stars">
      <legend className="sr-only">{t('review.rating')}</legend>
      {RATINGS.map((n) => (
        <label key={n} className={`tr-stars__star${n <= rating ? ' is-on' : ''}`}>
          <input
            type="radio"
            name={`${id}-rating`}
            value={n}
            checked={rating === n}
            onChange={() => onRate(n)}
            className="sr-only"
          />
          <span aria-hidden="true">★</span>
          <span className="sr-only">{t('review.stars', { count: n })}</span>
        </label>
      ))}
    </fieldset>
  );
}
