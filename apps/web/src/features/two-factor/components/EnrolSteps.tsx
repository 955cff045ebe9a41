import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CopyText } from '@/components/ui/CopyText';
import { InputField } from '@/components/ui/InputField';
import { QrCode } from '@/components/ui/QrCode';
import { useT } from '@/i18n';
import { TWO_FACTOR_KEY, twoFactorApi } from '../api/two-factor-api';

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
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const setup = useMutation({ mutationFn: twoFactorApi.setup, onSuccess: () => setCode('') });
  const enable = useMutation({
    mutationFn: () => twoFactorApi.enable(code.trim()),
    onSuccess: (result) => {
      setCode('');
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      onEnabled(result.recoveryCodes);
    },
  });
  const error = (enable.error ?? setup.error)?.message;

  if (!setup.data) {
    return (
      <div className="two-factor__actions">
        {onCancel ? (
          <button type="button" className="btn btn--ghost btn--sm" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
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
  return (
    <form
      className="two-factor__form"
      onSubmit={(event) => {
        event.preventDefault();
        if (code.trim()) enable.mutate();
      }}
    >
      <p className="small">{t('tfa.scan')}</p>
      <div className="two-factor__enrol">
        <QrCode value={setup.data.otpauthUri} label={t('tfa.qr')} />
        <div>
          <p className="field__label">{t('tfa.secret')}</p>
          <p className="mono break" data-testid="two-factor-secret">
            {setup.data.secret}
          </p>
          <CopyText text={setup.data.secret} label={t('tfa.secret')} />
        </div>
      </div>
      <InputField
        id={`${id}-on`}
        label={t('tfa.code')}
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={40}
        className="num"
        error={error ?? null}
      />
      <div className="two-factor__actions">
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => (onCancel ?? setup.reset)()}>
          {t('common.cancel')}
        </button>
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          disabled={!code.trim() || enable.isPending}
        >
          {t('common.confirm')}
        </button>
      </div>
    </form>
  );
}
