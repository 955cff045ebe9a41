import { useId } from 'react';
import { InputField } from '@/components/ui/InputField';
import type { CodeForm } from '@/features/two-factor';
import { useT } from '@/i18n';

/**
 * The second-factor code asked before a bot link is issued (docs/decisions/023): a link
 * connects a chat that can confirm payments, so a stolen session alone must not get one.
 */
export function TelegramLinkCode({
  codeForm,
  pending,
  onCancel,
}: {
  codeForm: CodeForm;
  pending: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  const ready = !pending && codeForm.ready;
  const onSubmit = () => codeForm.submit();
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
        value={codeForm.code}
        onChange={codeForm.setCode}
        error={codeForm.error}
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
