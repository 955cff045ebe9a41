import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { TradeIcon } from './TradeIcon';

/** A small copy button that says "Скопировано" for 2 s after a copy. */
export function CopyButton({
  copied,
  onCopy,
  label,
}: {
  copied: boolean;
  onCopy: () => void;
  /** What is copied, for screen readers: "Копировать: Номер карты". */
  label: string;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={`copy-btn${copied ? ' copy-btn--done' : ''}`}
      onClick={onCopy}
      aria-label={`${t('trade.copy')}: ${label}`}
    >
      {copied ? <Icon name="check" size={16} /> : <TradeIcon name="copy" size={16} />}
      <span aria-live="polite">{copied ? t('trade.copied') : t('trade.copy')}</span>
    </button>
  );
}
