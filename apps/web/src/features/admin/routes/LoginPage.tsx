import { ADMIN_PASSWORD_MIN } from '@p2p/shared';
import { type FormEvent, useId, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { adminApi } from '../api/admin-api';
import { useAdminSession } from '../session';

/** Both fields, an @ in the email, a password of at least 6 (docs/product/texts-and-limits.md). */
function validate(email: string, password: string): 'fillAll' | 'email' | 'password' | null {
  if (!email.trim() || !password) return 'fillAll';
  if (!email.includes('@')) return 'email';
  if (password.length < ADMIN_PASSWORD_MIN) return 'password';
  return null;
}

/** /admin/login: staff sign-in with its own tokens, and the two-factor step when enrolled. */
export function LoginPage() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { status, signIn } = useAdminSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useDocumentTitle(t('bo.login.title'));

  const from = (location.state as { from?: string } | null)?.from;
  if (status === 'signedIn')
    return <Navigate to={from && from !== '/admin/login' ? from : '/admin/dashboard'} replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validate(email, password);
    if (invalid) {
      setProblem(t(`validation.admin.${invalid}`));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await adminApi.login({
        email: email.trim(),
        password,
        ...(needsCode ? { code: code.trim() } : {}),
      });
      signIn(result);
      toast.success(t('bo.login.success'));
      const next = from && from !== '/admin/login' ? from : '/admin/dashboard';
      navigate(result.enrolmentRequired ? '/admin/security' : next, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_REQUIRED') {
        setNeedsCode(true);
      } else {
        const message = error instanceof Error && error.message ? error.message : t('bo.login.failedToast');
        setProblem(message);
        toast.error(message || t('bo.login.failedToast'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="bo-login">
      <form className="panel bo-login__card" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`} className="bo-login__title">
          {t('bo.login.title')}
        </h1>
        {problem ? (
          <div className="alert alert--error" role="alert">
            <strong>{t('bo.login.failed')}</strong>
            <span>{problem}</span>
          </div>
        ) : null}
        <div className="field">
          <label className="field__label" htmlFor={`${id}-email`}>
            {t('bo.login.email')}
          </label>
          <input
            id={`${id}-email`}
            className="input"
            type="email"
            autoComplete="username"
            value={email}
            disabled={needsCode}
            onChange={(e) => setEmail(e.target.value)}
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
            value={password}
            disabled={needsCode}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {needsCode ? (
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
              value={code}
              aria-describedby={`${id}-code-hint`}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <p id={`${id}-code-hint`} className="field__hint">
              {t('bo.login.codeHint')}
            </p>
          </div>
        ) : null}
        <button type="submit" className="btn btn--primary btn--block" disabled={busy}>
          {busy ? t('bo.login.submitting') : needsCode ? t('bo.login.codeSubmit') : t('bo.login.submit')}
        </button>
        {needsCode ? (
          <button
            type="button"
            className="btn btn--ghost btn--block"
            onClick={() => {
              setNeedsCode(false);
              setCode('');
            }}
          >
            {t('bo.login.back')}
          </button>
        ) : null}
        <p className="muted small">{t('bo.login.hint')}</p>
      </form>
    </main>
  );
}
