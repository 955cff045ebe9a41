import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import type { Valuation } from './useValuation';

/** Where the estimate comes from: live, cached, demo («Демо-цены») or fallback prices. */
export function ValuationNote({ valuation }: { valuation: Valuation }) {
  const { t } = useI18n();
  const fmt = useFormat();
  if (valuation.loading) return <span className="small muted">{t('wallet.value.loading')}</span>;
  if (!valuation.source || !valuation.updatedAt) {
    return <span className="small muted">{t('wallet.value.unavailable')}</span>;
  }
  const time = fmt.time(valuation.updatedAt);
  return (
    <span className={`small valuation-note valuation-note--${valuation.source}`}>
      {t(`wallet.value.source.${valuation.source}`, { time })}
    </span>
  );
}
