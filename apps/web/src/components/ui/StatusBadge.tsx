import { useT } from '@/i18n';
import { statusLabelKey, statusTone } from '@/lib/trade-status';

/** A trade status as a coloured pill with its label. */
export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <span className={`status-pill status-pill--${statusTone(status)}`}>{t(statusLabelKey(status))}</span>
  );
}
