import type { AuthResult } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Link, Navigate, useNavigate, useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { authApi } from '../api/auth-api';
import { DevLoginPicker } from '../components/DevLoginPicker';
import { TelegramLoginButton, telegramFieldsFrom } from '../components/TelegramLoginButton';
import { useSession } from '../session';
import '../auth.css';

/** Go on about 500 ms after a successful sign-in. */
const REDIRECT_DELAY_MS = 500;

/** Only same-site paths: `return` must never send the user to another origin. */
export function safeReturnTarget(raw: string | null): string {
  if (!raw?.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/dashboard';
  if (raw === '/auth' || raw.startsWith('/auth?')) return '/dashboard';
  return raw;
}

/**
 * Signing in and going on: `run` sends one sign-in, says how it went and, once in, goes to
 * `target` after a moment. A signed Telegram payload in the address is sent once, from here.
 */
function useSignIn(target: string) {
  const { status, signIn } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  // Back from Telegram (redirect mode): the signed fields are in our own query string.
  const telegramReturn = telegramFieldsFrom(params);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The hash of the Telegram payload sent: a payload is accepted once (docs/decisions/023), so
  // it is sent once, even when the effect runs again (React's strict mode runs it twice).
  const sentTelegram = useRef<string | null>(null);

  const run = async (login: () => Promise<AuthResult>) => {
    setBusy(true);
    setError(null);
    try {
      signIn(await login());
      setDone(true);
      timer.current = setTimeout(() => navigate(target, { replace: true }), REDIRECT_DELAY_MS);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per Telegram return
  useEffect(() => {
    if (status === 'signed-in' || !telegramReturn) return;
    const hash = String(telegramReturn.hash);
    if (sentTelegram.current === hash) return;
    sentTelegram.current = hash;
    // The signed fields leave the address bar (and the history entry) before anything else.
    const rest = new URLSearchParams();
    const back = params.get('return');
    if (back) rest.set('return', back);
    setParams(rest, { replace: true });
    void run(() => authApi.telegram(telegramReturn));
  }, [params]);

  return { signedIn: status === 'signed-in', busy, error, done, run };
}

export function AuthPage() {
  const t = useT();
  useDocumentTitle(t('auth.title'));
  const [params] = useSearchParams();
  const target = safeReturnTarget(params.get('return'));
  const { signedIn, busy, error, done, run } = useSignIn(target);

  if (signedIn && !done) return <Navigate replace to={target} />;

  return (
    <section className="page auth-page" aria-labelledby="auth-title">
      <div className="panel auth-card">
        <div className="auth-card__logo">
          <Icon name="swap" size={26} />
        </div>
        <h1 id="auth-title" className="auth-card__title">
          {t('auth.title')}
        </h1>
        <p className="muted auth-card__subtitle">{t('auth.subtitle')}</p>
        <SignInMethods
          target={target}
          busy={busy || done}
          onDevPick={(name) => run(() => authApi.devLogin(name))}
        />
        {error ? (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        ) : null}
        {done ? (
          <p className="alert alert--success" role="status">
            {t('auth.success')}
          </p>
        ) : null}
        <p className="auth-card__legal small muted">
          {t('auth.legal')} <Link to="/terms">{t('auth.terms')}</Link> {t('auth.and')}{' '}
          <Link to="/privacy">{t('auth.privacy')}</Link>.
        </p>
      </div>
    </section>
  );
}

/** The ways in the server offers: Telegram's widget and, in development, the demo users. */
function SignInMethods({
  target,
  busy,
  onDevPick,
}: {
  target: string;
  busy: boolean;
  onDevPick: (username: string) => void;
}) {
  const t = useT();
  const config = useQuery({ queryKey: ['auth', 'config'], queryFn: authApi.config, staleTime: 60_000 });
  const telegramBot = config.data?.telegramBotUsername ?? null;
  const authUrl = `${window.location.origin}/auth?return=${encodeURIComponent(target)}`;
  const devLogin = config.data?.devLogin ?? false;
  return (
    <>
      {config.isPending ? <LoadingState text={t('common.loading')} /> : null}
      {config.isError ? <p className="alert alert--error">{t('auth.configError')}</p> : null}
      {config.data && !telegramBot && !devLogin ? (
        <p className="alert alert--warn">{t('auth.noMethods')}</p>
      ) : null}
      {telegramBot ? <TelegramLoginButton botUsername={telegramBot} authUrl={authUrl} /> : null}
      {telegramBot && devLogin ? <div className="divider">{t('auth.or')}</div> : null}
      {devLogin ? <DevLoginPicker busy={busy} onPick={onDevPick} /> : null}
    </>
  );
}
