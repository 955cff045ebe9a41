import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CopyText } from '@/components/ui/CopyText';
import { InputField } from '@/components/ui/InputField';
import { QrCode } from '@/components/ui/QrCode';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { TWO_FACTOR_KEY, twoFactorApi, useTwoFactorStatus } from '../api/two-factor-api';

/**
 * Two-factor enrolment (TOTP): a QR code of the otpauth URI drawn here with the secret beside
 * it, confirmation by a code, recovery codes shown once, and turning it off with a code.
 */
export function TwoFactorPanel() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const status = useTwoFactorStatus();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });

  const setup = useMutation({ mutationFn: twoFactorApi.setup, onSuccess: () => setCode('') });
  const enable = useMutation({
    mutationFn: () => twoFactorApi.enable(code.trim()),
    onSuccess: (result) => {
      setRecovery(result.recoveryCodes);
      setCode('');
      setup.reset();
      toast.success(t('tfa.enabled'));
      void refresh();
    },
  });
  const disable = useMutation({
    mutationFn: () => twoFactorApi.disable(code.trim()),
    onSuccess: () => {
      setCode('');
      toast.success(t('tfa.disabled'));
      void refresh();
    },
  });

  if (status.isPending) return <LoadingState text={t('common.loading')} />;
  if (status.isError) {
    return (
      <MessageState title={t('tfa.loadError')} text={status.error.message}>
        <button type="button" className="btn btn--primary" onClick={() => status.refetch()}>
          {t('common.retry')}
        </button>
      </MessageState>
    );
  }
  const s = status.data;
  const error = (enable.error ?? disable.error ?? setup.error)?.message;

  return (
    <section className="panel two-factor" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="panel__title">
        {t('tfa.heading')}
      </h2>
      <p className="small muted">{t('tfa.intro')}</p>
      <p data-testid="two-factor-state">
        <span className={`badge badge--${s.enabled ? 'buy' : 'muted'}`}>
          {s.enabled ? t('tfa.on', { date: fmt.date(s.enabledAt) }) : t('tfa.off')}
        </span>
        {s.enabled ? (
          <span className="small muted"> {t('tfa.recoveryLeft', { count: s.recoveryCodesLeft })}</span>
        ) : null}
      </p>

      {recovery ? (
        <div className="recovery" role="status">
          <h3 className="two-factor__sub">{t('tfa.recoveryTitle')}</h3>
          <p className="small">{t('tfa.recoveryText')}</p>
          <ul className="recovery__codes mono" aria-label={t('tfa.codesLabel')}>
            {recovery.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <div className="two-factor__actions">
            <CopyText text={recovery.join('\n')} label={t('tfa.codesLabel')} />
            <button type="button" className="btn btn--primary btn--sm" onClick={() => setRecovery(null)}>
              {t('tfa.recoveryDone')}
            </button>
          </div>
        </div>
      ) : s.enabled ? (
        <form
          className="two-factor__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (code.trim()) disable.mutate();
          }}
        >
          <InputField
            id={`${id}-off`}
            label={t('tfa.disableCode')}
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            maxLength={40}
            className="num"
          />
          <button
            type="submit"
            className="btn btn--sell btn--sm"
            disabled={!code.trim() || disable.isPending}
          >
            {t('tfa.disable')}
          </button>
        </form>
      ) : setup.data ? (
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
          />
          <div className="two-factor__actions">
            <button type="button" className="btn btn--ghost btn--sm" onClick={() => setup.reset()}>
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
      ) : (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          disabled={setup.isPending}
          onClick={() => setup.mutate()}
        >
          {t('tfa.enable')}
        </button>
      )}
      {error ? (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
