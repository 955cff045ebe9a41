import { CopyText } from '@/components/ui/CopyText';
import { useT } from '@/i18n';

/** Recovery codes, shown once right after enrolment; the server keeps only their hashes. */
export function RecoveryCodes({
  codes,
  onDone,
  doneLabel,
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const t = useT();
  return (
    <div className="recovery" role="status">
      <h3 className="two-factor__sub">{t('tfa.recoveryTitle')}</h3>
      <p className="small">{t('tfa.recoveryText')}</p>
      <ul className="recovery__codes mono" aria-label={t('tfa.codesLabel')}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="two-factor__actions">
        <CopyText text={codes.join('\n')} label={t('tfa.codesLabel')} />
        <button type="button" className="btn btn--primary btn--sm" onClick={onDone}>
          {doneLabel ?? t('tfa.recoveryDone')}
        </button>
      </div>
    </div>
  );
}
