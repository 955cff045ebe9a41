import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState } from '../components/common';

/** Staff two-factor enrolment: set up a key, confirm it with a code, keep the recovery codes. */
export function SecurityPage() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: ['admin', '2fa'], queryFn: adminApi.twoFactor });
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['admin', '2fa'] });
  const start = useMutation({
    mutationFn: adminApi.twoFactorSetup,
    onSuccess: setSetup,
    onError: (e) => toast.error(e.message || t('bo.actionFailed')),
  });
  const enable = useMutation({
    mutationFn: () => adminApi.twoFactorEnable(code.trim()),
    onSuccess: (result) => {
      setRecovery(result.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.success(t('bo.security.enabled'));
      void reload();
    },
    onError: (e) => toast.error(e.message || t('bo.actionFailed')),
  });
  const disable = useMutation({
    mutationFn: () => adminApi.twoFactorDisable(code.trim()),
    onSuccess: () => {
      setCode('');
      toast.success(t('bo.security.disabled'));
      void reload();
    },
    onError: (e) => toast.error(e.message || t('bo.actionFailed')),
  });
  const s = status.data;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    if (s?.enabled) disable.mutate();
    else enable.mutate();
  };
  const codeField = (
    <form className="bo-form bo-narrow" onSubmit={submit}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-code`}>
          {t('bo.security.code')}
        </label>
        <input
          id={`${id}-code`}
          className="input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={40}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <div>
        <button
          type="submit"
          className={`btn ${s?.enabled ? 'btn--sell' : 'btn--primary'}`}
          disabled={!code.trim()}
        >
          {t(s?.enabled ? 'bo.security.disable' : 'bo.security.enable')}
        </button>
      </div>
    </form>
  );
  return (
    <AdminPage title={t('bo.security.title')}>
      <section className="panel bo-form" aria-labelledby={`${id}-2fa`}>
        <h2 id={`${id}-2fa`} className="panel__title">
          {t('bo.security.twoFactor')}
        </h2>
        {s ? null : (
          <ListState
            loading={status.isPending}
            error={status.error}
            empty={false}
            errorTitle={t('bo.security.loadError')}
            emptyTitle=""
            onRetry={() => void status.refetch()}
          />
        )}
        {s ? (
          <p data-testid="2fa-status">
            {s.enabled
              ? t('bo.security.on', { date: fmt.dateTime(s.enabledAt), count: s.recoveryCodesLeft })
              : t('bo.security.off')}
          </p>
        ) : null}
        {s?.required && !s.enabled ? <p className="alert alert--warn">{t('bo.security.required')}</p> : null}
        {recovery ? (
          <div className="alert alert--success">
            <p className="bo-strong">{t('bo.security.recovery')}</p>
            <ul className="bo-plain-list bo-mono">
              {recovery.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {s && !s.enabled && !setup ? (
          <div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={start.isPending}
              onClick={() => start.mutate()}
            >
              {t('bo.security.start')}
            </button>
          </div>
        ) : null}
        {setup ? (
          <>
            <p>{t('bo.security.scan')}</p>
            <dl className="bo-facts">
              <div className="bo-facts__wide">
                <dt>{t('bo.security.secret')}</dt>
                <dd className="bo-mono bo-break" data-testid="2fa-secret">
                  {setup.secret}
                </dd>
              </div>
              <div className="bo-facts__wide">
                <dt>{t('bo.security.uri')}</dt>
                <dd className="bo-mono bo-break small">{setup.otpauthUri}</dd>
              </div>
            </dl>
            {codeField}
          </>
        ) : null}
        {s?.enabled ? codeField : null}
      </section>
    </AdminPage>
  );
}
