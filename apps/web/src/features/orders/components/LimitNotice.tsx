import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import type { LimitBlock } from '../lib/trade-limits';

/**
 * Why the caller cannot open a trade on this order now, with the time it lifts in their own
 * zone (docs/decisions/023, "Limits"), in place of a form that the server would refuse.
 */
export function LimitNotice({
  block,
  fiat,
  min,
  onClose,
}: {
  block: LimitBlock;
  fiat: string;
  min: string;
  onClose: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  let text: string;
  if (block.kind === 'suspended') {
    text =
      block.limit === 'cancellations'
        ? t('limits.form.cancellations', { until: fmt.dateTimeZone(block.until), max: block.max })
        : t('limits.form.lostDisputes', { max: block.max });
  } else if (block.kind === 'full') {
    text = t(block.newAccount ? 'limits.form.fullNew' : 'limits.form.full', {
      current: block.current,
      max: block.max,
    });
  } else {
    text = t('limits.form.capBelowMin', { cap: fmt.fiatMinor(block.cap, fiat), min: fmt.fiat(min, fiat) });
  }
  return (
    <div className="trade-form trade-form--limited">
      <div className="alert alert--warn" role="status" data-testid="trade-limit">
        <p className="trade-form__limit-title">{t('limits.form.title')}</p>
        <p>{text}</p>
      </div>
      <div className="trade-form__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </div>
  );
}
