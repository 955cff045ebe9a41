import { useEffect, useRef, useState } from 'react';
import { useT } from '@/i18n';
import { Icon } from './Icon';

/** A copy button for one text; says "Скопировано" for 2 s after a copy. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };
  return (
    <button
      type="button"
      className="btn btn--ghost btn--sm"
      onClick={copy}
      aria-label={`${t('trade.copy')}: ${label}`}
    >
      {copied ? <Icon name="check" size={16} /> : null}
      <span aria-live="polite">{copied ? t('trade.copied') : t('trade.copy')}</span>
    </button>
  );
}
