import { type ReactNode, useId } from 'react';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { AdminPage, ListState } from '../components/common';
import { type StaffTwoFactor, useStaffTwoFactor } from '../components/useStaffTwoFactor';

/** Staff two-factor enrolment: set up a key, confirm it with a code, keep the recovery codes. */
export function SecurityPage() {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  const tf = useStaffTwoFactor();
  const s = tf.status.data;
  const codeForm = <CodeForm id={id} tf={tf} />;
  return (
    <AdminPage title={t('bo.security.title')}>
      <section className="panel bo-form" aria-labelledby={`${id}-2fa`}>
        <h2 id={`${id}-2fa`} className="panel__title">
          {t('bo.security.twoFactor')}
        </h2>
        {s ? null : (
          <ListState
            loading={tf.status.isPending}
            error={tf.status.error}
            empty={false}
            errorTitle={t('bo.security.loadError')}
            emptyTitle=""
            onRetry={() => void tf.status.refetch()}
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
        {tf.recovery ? <RecoveryCodes codes={tf.recovery} /> : null}
        {s && !s.enabled && !tf.setup ? (
          <div>
            <button
              type="button"
              className="btn btn--primary"
              disabled={tf.start.isPending}
              onClick={() => tf.start.mutate()}
            >
              {t('bo.security.start')}
            </button>
          </div>
        ) : null}
        {tf.setup ? <SetupKey setup={tf.setup}>{codeForm}</SetupKey> : null}
        {s?.enabled ? codeForm : null}
      </section>
    </AdminPage>
  );
}

/** The recovery codes, shown once after enabling. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  return (
    <div className="alert alert--success">
      <p className="bo-strong">{t('bo.security.recovery')}</p>
      <ul className="bo-plain-list bo-mono">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}

/** The new key to scan or type into the authenticator, then the code that confirms it. */
function SetupKey({ setup, children }: { setup: NonNullable<StaffTwoFactor['setup']>; children: ReactNode }) {
  const t = useT();
  return (
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
      {children}
    </>
  );
}

/** A code from the app: enables two-factor while setting up, disables it once on. */
function CodeForm({ id, tf }: { id: string; tf: StaffTwoFactor }) {
  const t = useT();
  const enabled = Boolean(tf.status.data?.enabled);
  return (
    <form className="bo-form bo-narrow" onSubmit={tf.submit}>
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
          value={tf.code}
          onChange={(e) => tf.setCode(e.target.value)}
        />
      </div>
      <div>
        <button
          type="submit"
          className={`btn ${enabled ? 'btn--sell' : 'btn--primary'}`}
          disabled={!tf.code.trim()}
        >
          {t(enabled ? 'bo.security.disable' : 'bo.security.enable')}
        </button>
      </div>
    </form>
  );
}
