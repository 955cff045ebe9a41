import { CopyText } from '@/components/ui/CopyText';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';

interface SecretOnceProps {
  warning: string;
  rows: { label: string; value: string }[];
  onDone: () => void;
}

/** A secret shown this once, with copy buttons and the warning that it will not be shown again. */
export function SecretOnce({ warning, rows, onDone }: SecretOnceProps) {
  const t = useT();
  return (
    <div className="api-secret" role="alert">
      <p className="api-secret__warning">
        <Icon name="alert" size={16} /> {warning}
      </p>
      <dl className="api-secret__rows">
        {rows.map((row) => (
          <div key={row.label} className="api-secret__row">
            <dt className="muted small">{row.label}</dt>
            <dd>
              <code className="num api-secret__value">{row.value}</code>
              <CopyText text={row.value} label={row.label} />
            </dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn btn--primary btn--sm" onClick={onDone}>
        {t('apiPage.keys.done')}
      </button>
    </div>
  );
}
