import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { InputField } from '@/components/ui/InputField';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { TWO_FACTOR_KEY, twoFactorApi, useTwoFactorStatus } from '../api/two-factor-api';
import { useCodeForm } from '../hooks/use-code-form';
import { EnrolSteps } from './EnrolSteps';
import { RecoveryCodes } from './RecoveryCodes';
import { RenewRecoveryCodes } from './RenewRecoveryCodes';

/**
 * Two-factor on the security page: its state, enrolment (EnrolSteps), recovery codes shown
 * once (after enrolling or renewing them), and turning it off with a code.
 */
export function TwoFactorPanel() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const status = useTwoFactorStatus();
  const [recovery, setRecovery] = useState<string[] | null>(null);

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
        <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />
      ) : s.enabled ? (
        <>
          <DisableForm />
          <RenewRecoveryCodes onRenewed={setRecovery} />
        </>
      ) : (
        <EnrolSteps
          onEnabled={(codes) => {
            setRecovery(codes);
            toast.success(t('tfa.enabled'));
          }}
        />
      )}
    </section>
  );
}

/** Turning two-factor off takes a current code or a recovery code. */
function DisableForm() {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const disable = useMutation({
    mutationFn: (code: string) => twoFactorApi.disable(code),
    onSuccess: () => {
      codeForm.clear();
      toast.success(t('tfa.disabled'));
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
    },
    onError: (error) => codeForm.refuse(error.message),
  });
  const codeForm = useCodeForm((code) => disable.mutate(code));
  return (
    <form className="two-factor__form" onSubmit={codeForm.submit}>
      <InputField
        id={`${id}-off`}
        label={t('tfa.disableCode')}
        value={codeForm.code}
        onChange={codeForm.setCode}
        autoComplete="one-time-code"
        maxLength={40}
        className="num"
        error={codeForm.error}
      />
      <button type="submit" className="btn btn--sell btn--sm" disabled={!codeForm.ready || disable.isPending}>
        {t('tfa.disable')}
      </button>
    </form>
  );
}
