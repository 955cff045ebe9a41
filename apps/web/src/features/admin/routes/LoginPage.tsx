import { useId } from 'react';
import { useT } from '@/i18n';
import { Navigate, useLocation } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type StaffLogin, useStaffLogin } from '../components/useStaffLogin';
import { useAdminSession } from '../session';

/** /admin/login: staff sign-in with its own tokens, and the two-factor step when enrolled. */
export function LoginPage() {
  const t = useT();
  const id = useId();
  const location = useLocation();
  const { status } = useAdminSession();
  const from = (location.state as { from?: string } | null)?.from;
  const next = from && from !== '/admin/login' ? from : '/admin/dashboard';
  const login = useStaffLogin(next);
  useDocumentTitle(t('bo.login.title'));
  if (status === 'signedIn') return <Navigate to={next} replace />;

  return (
    <main className="bo-login">
      <form
        className="panel bo-login__card"
        onSubmit={login.submit}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <h1 id={`${id}-title`} className="bo-login__title">
          {t('bo.login.title')}
        </h1>
        {login.problem ? (
          <div className="alert alert--error" role="alert">
            <strong>{t('bo.login.failed')}</strong>
            <span>{login.problem}</span>
          </div>
        ) : null}
        <CredentialFields id={id} login={login} />
        {login.needsCode ? <CodeField id={id} login={login} /> : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={login.busy}>
          {login.busy
            ? t('bo.login.submitting')
            : login.needsCode
              ? t('bo.login.codeSubmit')
              : t('bo.login.submit')}
        </button>
        {login.needsCode ? (
          <button type="button" className="btn btn--ghost btn--block" onClick={login.back}>
            {t('bo.login.back')}
          </button>
        ) : null}
        <p className="muted small">{t('bo.login.hint')}</p>
      </form>
    </main>
  );
}

/** Email and password, kept as typed but locked while the code is asked for. */
function CredentialFields({ id, login }: { id: string; login: StaffLogin }) {
  const t = useT();
  const { register } = login.form;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-email`}>
          {t('bo.login.email')}
        </label>
        <input
          id={`${id}-email`}
          className="input"
          type="email"
          autoComplete="username"
          {...register('email')}
          disabled={login.needsCode}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-password`}>
          {t('bo.login.password')}
        </label>
        <input
          id={`${id}-password`}
          className="input"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          disabled={login.needsCode}
        />
      </div>
    </>
  );
}

/** The authenticator's code: digits only, as typed. */
function CodeField({ id, login }: { id: string; login: StaffLogin }) {
  const t = useT();
  const { form } = login;
  return (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-code`}>
        {t('bo.login.code')}
      </label>
      <input
        id={`${id}-code`}
        className="input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={form.watch('code')}
        aria-describedby={`${id}-code-hint`}
        onChange={(e) => form.setValue('code', e.target.value.replace(/\D/g, ''))}
      />
      <p id={`${id}-code-hint`} className="field__hint">
        {t('bo.login.codeHint')}
      </p>
    </div>
  );
}
