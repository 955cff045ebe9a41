import type { OrderTrader } from '@p2p/shared';
import { useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';

import { useFormat } from '@/lib/use-format';
import { initials } from '../lib/side';

/** Photo when there is one, else the first two letters of the name. */
export function TraderAvatar({
  name,
  src,
  size = 'md',
}: {
  name: string;
  src?: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const [broken, setBroken] = useState(false);
  return (
    <span className={`avatar avatar--${size} trader-avatar`} aria-hidden="true">
      {src && !broken ? <img src={src} alt="" onError={() => setBroken(true)} /> : initials(name)}
    </span>
  );
}

/** ★ 4,8 (12 отзывов), or "Нет оценок": never a made-up default. */
export function TraderRating({ user }: { user: Pick<OrderTrader, 'rating'> & { reviews_count?: number } }) {
  const { t } = useI18n();
  const fmt = useFormat();
  if (user.rating === null) return <span className="rating rating--none">{t('orders.noRating')}</span>;
  return (
    <span className="rating num">
      <span className="rating__star" aria-hidden="true">
        ★
      </span>
      <span className="sr-only">{t('orders.ratingLabel')}</span> {fmt.rating(user.rating)}
      {user.reviews_count === undefined ? null : (
        <span className="rating__count"> ({t('orders.reviews', { count: user.reviews_count })})</span>
      )}
    </span>
  );
}

/** Payment method chips; with `max`, the rest collapse into "+N". */
export function PaymentMethodTags({ methods, max }: { methods: string[]; max?: number }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const shown = max === undefined ? methods : methods.slice(0, max);
  const rest = methods.length - shown.length;
  return (
    <ul className="method-tags" aria-label={t('orders.paymentMethods')}>
      {shown.map((code) => (
        <li key={code} className="method-tag">
          {fmt.paymentMethod(code)}
        </li>
      ))}
      {rest > 0 ? (
        <li
          className="method-tag method-tag--more"
          title={methods
            .slice(shown.length)
            .map((c) => fmt.paymentMethod(c))
            .join(', ')}
        >
          +{rest}
        </li>
      ) : null}
    </ul>
  );
}

/** "30 мин" with a clock. */
export function TimeLimit({ minutes }: { minutes: number }) {
  const { t } = useI18n();
  return (
    <span className="time-limit" title={t('orders.timeLimitHint')}>
      <Icon name="clock" size={14} /> {t('orders.minutes', { count: minutes })}
    </span>
  );
}
