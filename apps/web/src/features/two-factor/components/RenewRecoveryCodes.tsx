import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { InputField } from '@/components/ui/InputField';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { TWO_FACTOR_KEY, twoFactorApi } from '../api/two-factor-api';
import { useCodeForm } from '../hooks/use-code-form';
import { SECURITY_HOLD_KEY } from './SecurityHoldBanner';

/**
 * «Новые резервные коды»: a first press opens the form (what it does, a code from the app), the
 * second sends it; the new codes go to `onRenewed` to be shown once. The old codes stop working
 * and the server starts the security hold (docs/decisions/033).
 */
export function RenewRecoveryCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const renew = useMutation({
    mutationFn: (code: string) => twoFactorApi.renewRecoveryCodes(code),
    onSuccess: (data) => {
      codeForm.reset();
      setOpen(false);
      toast.success(t('tfa.renewed'));
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
      void queryClient.invalidateQueries({ queryKey: SECURITY_HOLD_KEY });
      onRenewed(data.recoveryCodes);
    },
    onError: (error) => codeForm.refuse(error.message),
  });
  const codeForm = useCodeForm((code) => renew.mutate(code));
  if (!open) {
    return (
      <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(true)}>
        {t('tfa.renew')}
      </button>
    );
  }
  return (
    <form className="two-factor__form" onSubmit={codeForm.submit} aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`} className="two-factor__sub">
        {t('tfa.renew')}
      </h3>
      <p className="small muted">{t('tfa.renewText')}</p>
      <InputField
        id={`${id}-code`}
        label={t('tfa.renewCode')}
        value={codeForm.code}
        onChange={codeForm.setCode}
        autoComplete="one-time-code"
        maxLength={40}
        className="num"
        error={codeForm.error}
      />
      <div className="two-factor__actions">
        <button
          type="submit"
          className="btn btn--primary btn--sm"
          disabled={!codeForm.ready || renew.isPending}
        >
          {t('tfa.renewConfirm')}
        </button>
        <button type="button" className="btn btn--ghost btn--sm" onClick={() => setOpen(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
