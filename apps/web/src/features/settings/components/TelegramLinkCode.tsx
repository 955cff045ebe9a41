import { useId } from 'react';
import { InputField } from '@/components/ui/InputField';
import { useT } from '@/i18n';

/**
 * The second-factor code asked before a bot link is issued (docs/decisions/023): a link
 * connects a chat that can confirm payments, so a stolen session alone must not get one.
 */
export function TelegramLinkCode({
  code,
  onCode,
  error,
  pending,
  onSubmit,
  onCancel,
}: {
  code: string;
  onCode: (code: string) => void;
  error: string | null;
  pending: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const ready = !pending && code.trim() !== '';
  // Not a <form>: the settings page around it is one, and forms do not nest. Enter sends the
  // code here instead of submitting the settings.
  return (
    <fieldset
      className="tg-connect__code"
      aria-label={t('prefs.telegram.connect')}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        if (ready) onSubmit();
      }}
    >
      <p className="small">{t('botSafety.link.codeHint')}</p>
      <InputField
        id={`${id}-code`}
        label={t('security.code.label')}
        hint={t('security.code.hint')}
        placeholder={t('security.code.placeholder')}
        value={code}
        onChange={onCode}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        className="num"
        autoFocus
      />
      <div className="tg-connect__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" className="btn btn--primary btn--sm" disabled={!ready} onClick={onSubmit}>
          {t('botSafety.link.getLink')}
        </button>
      </div>
    </fieldset>
  );
}
