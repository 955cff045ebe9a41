import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { marginText, marginTone } from '../lib/floating';

/**
 * How the owner of a floating order sees that it floats, wherever the order appears (the
 * preview, the order page, «Мои ордера», their card in the market): «Плавающая: рынок +2 %»,
 * and «Приостановлен: нет цены рынка» while there is no live market price to follow
 * (docs/decisions/027). Nothing for a fixed price.
 */
export function FloatingNote({ margin, paused }: { margin: string | null; paused: boolean }) {
  const t = useT();
  const fmt = useFormat();
  if (margin === null) return null;
  return (
    <span className="floating-note small" data-testid="floating-note">
      <span className={`floating-note__margin num ${marginTone(margin)}`}>
        {t('orders.floatingOwn', { value: marginText(margin, fmt.lang) })}
      </span>
      {paused ? (
        <span className="badge badge--warn floating-note__paused">{t('orders.pausedNoMarket')}</span>
      ) : null}
    </span>
  );
}
