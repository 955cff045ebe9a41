import { useI18n } from '@/i18n';
import type { Valuation } from './useValuation';

/** Where the estimate comes from: live, cached or fallback prices. */
export function ValuationNote({ valuation }: { valuation: Valuation }) {
  const { t, locale } = useI18n();
  if (valuation.loading) return <span className="small muted">{t('wallet.value.loading')}</span>;
  if (!valuation.source || !valuation.updatedAt) {
    return <span className="small muted">{t('wallet.value.unavailable')}</span>;
  }
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(valuation.updatedAt));
  return (
    <span className={`small valuation-note valuation-note--${valuation.source}`}>
      {t(`wallet.value.source.${valuation.source}`, { time })}
    </span>
  );
}
