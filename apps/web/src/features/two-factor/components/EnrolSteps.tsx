import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { CopyText } from '@/components/ui/CopyText';
import { InputField } from '@/components/ui/InputField';
import { QrCode } from '@/components/ui/QrCode';
import { useT } from '@/i18n';
import { TWO_FACTOR_KEY, twoFactorApi } from '../api/two-factor-api';
import { type CodeForm, useCodeForm } from '../hooks/use-code-form';

interface EnrolStepsProps {
  /** Two-factor is on: the recovery codes, to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
  /** Offered beside "Подключить" before a secret was issued (a dialog's way out). */
  onCancel?: () => void;
}

/**
 * Enrolment: a new secret as a QR code drawn here with the secret beside it, then the first
 * code from the authenticator app turns two-factor on.
 */
export function EnrolSteps({ onEnabled, onCancel }: EnrolStepsProps) {
  const queryClient = useQueryClient();
  const enable = useMutation({
    mutationFn: (code: string) => twoFactorApi.enable(code),
    onSuccess: (result) => {
      codeForm.clear();
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      onEnabled(result.recoveryCodes);
    },
    onError: (error) => codeForm.refuse(error.message),
  });
  const codeForm = useCodeForm((code) => enable.mutate(code));
  const setup = useMutation({ mutationFn: twoFactorApi.setup, onSuccess: () => codeForm.clear() });
  const error = codeForm.error ?? setup.error?.message ?? null;

  if (!setup.data) {
    return (
      <EnrolStart
        onCancel={onCancel}
        pending={setup.isPending}
        onStart={() => setup.mutate()}
        error={error}
      />
    );
  }
  return (
    <EnrolCode
      secret={setup.data}
      codeForm={codeForm}
      pending={enable.isPending}
      onCancel={() => (onCancel ?? setup.reset)()}
    />
  );
}

/** Before a secret is issued: "Подключить" (and the dialog's way out). */
function EnrolStart({
  onCancel,
  pending,
  onStart,
  error,
}: {
  onCancel: (() => void) | undefined;
  pending: boolean;
  onStart: () => void;
  error: string | null;
}) {
  const t = useT();
  return (
    <div className="two-factor__actions">
      {onCancel ? (
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      ) : null}
      <button type="button" className="btn btn--primary btn--sm" disabled={pending} onClick={onStart}>
        {t('tfa.enable')}
      </button>
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The secret as a QR code and as text, then the first code from the app. */
function EnrolCode({
  secret,
  codeForm,
  pending,
  onCancel,
}: {
  secret: { secret: string; otpauthUri: string };
  codeForm: CodeForm;
  pending: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <form className="two-factor__form" onSubmit={codeForm.submit}>
      <p className="small">{t('tfa.scan')}</p>
      <div className="two-factor__enrol">
        <QrCode value={secret.otpauthUri} label={t('tfa.qr')} />
        <div>
          <p className="field__label">{t('tfa.secret')}</p>
          <p className="mono break" data-testid="two-factor-secret">
            {secret.secret}
          </p>
          <CopyText text={secret.secret} label={t('tfa.secret')} />
        </div>
      </div>
      <InputField
        id={`${id}-on`}
        label={t('tfa.code')}
        value={codeForm.code}
        onChange={codeForm.setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        className="num"
        error={codeForm.error}
      />
      <div className="two-factor__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary btn--sm" disabled={!codeForm.ready || pending}>
          {t('common.confirm')}
        </button>
      </div>
    </form>
  );
}
