import type { ReauthRequest, ReauthResult } from '@p2p/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { setReauthHandler } from '@/lib/reauth';
import { authApi } from '../api/auth-api';
import { useSession } from '../session';

type TelegramLogin = {
  auth(
    options: { bot_id: string; request_access?: string },
    done: (data: Record<string, string> | false) => void,
  ): void;
};

/** The failure of the sign-in script (the dialog shows its own text). */
const WIDGET_UNAVAILABLE = 'telegram-login-unavailable';
const WIDGET_SCRIPT = 'https://telegram.org/js/telegram-widget.js?22';

/** Telegram's sign-in script, loaded once: its `Login.auth` opens the sign-in in a popup. */
function telegramLogin(): Promise<TelegramLogin> {
  const ready = () => (window as unknown as { Telegram?: { Login?: TelegramLogin } }).Telegram?.Login;
  const loaded = ready();
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.async = true;
    script.onload = () => {
      const login = ready();
      if (login) resolve(login);
      else reject(new Error(WIDGET_UNAVAILABLE));
    };
    script.onerror = () => reject(new Error(WIDGET_UNAVAILABLE));
    document.head.appendChild(script);
  });
}

/**
 * Re-authentication in place (docs/decisions/033): when a security change comes back 403
 * REAUTH_REQUIRED, this dialog opens over the page, the owner signs in with Telegram again
 * (a development account confirms with the demo path), and the change goes on by itself.
 */
export function ReauthDialog() {
  const t = useT();
  const id = useId();
  const { user } = useSession();
  const config = useQuery({ queryKey: ['auth', 'config'], queryFn: authApi.config, staleTime: 60_000 });
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((proof: ReauthResult | null) => void) | null>(null);

  useEffect(
    () =>
      setReauthHandler(
        () =>
          new Promise<ReauthResult | null>((resolve) => {
            settle.current = resolve;
            setError(null);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (proof: ReauthResult | null) => {
    setOpen(false);
    setBusy(false);
    settle.current?.(proof);
    settle.current = null;
  };

  const confirm = async (body: ReauthRequest) => {
    setBusy(true);
    setError(null);
    try {
      finish(await authApi.reauth(body));
    } catch (e) {
      setBusy(false);
      setError(e instanceof ApiError ? e.message : t('security.reauth.failed'));
    }
  };

  const withTelegram = async () => {
    const botId = config.data?.telegramBotId;
    if (!botId) return setError(t('security.reauth.failed'));
    try {
      const login = await telegramLogin();
      login.auth({ bot_id: botId, request_access: 'write' }, (data) => {
        if (data) void confirm({ telegram: data });
        else setError(t('security.reauth.failed'));
      });
    } catch {
      setError(t('security.reauth.failed'));
    }
  };

  const devAccount = !user?.telegramId && config.data?.devLogin;

  return (
    <Dialog open={open} onClose={() => finish(null)} labelledBy={`${id}-t`} describedBy={`${id}-d`}>
      <ReauthBody
        id={id}
        error={error}
        busy={busy}
        devAccount={Boolean(devAccount)}
        onCancel={() => finish(null)}
        onDev={() => void confirm({ dev: true })}
        onTelegram={() => void withTelegram()}
      />
    </Dialog>
  );
}

/**
 * The dialog's texts, drawn only while it is open (the Dialog draws nothing closed): they are in
 * the catalogue's later part, and a closed dialog that asked for them on every page made the later
 * texts' arrival redraw the whole page, the market's order book with it (docs/decisions/040, 048).
 */
function ReauthBody({
  id,
  error,
  busy,
  devAccount,
  onCancel,
  onDev,
  onTelegram,
}: {
  id: string;
  error: string | null;
  busy: boolean;
  devAccount: boolean;
  onCancel: () => void;
  onDev: () => void;
  onTelegram: () => void;
}) {
  const t = useT();
  return (
    <>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('security.reauth.title')}
      </h2>
      <p id={`${id}-d`} className="muted">
        {t('security.reauth.why')}
      </p>
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('security.reauth.cancel')}
        </button>
        {devAccount ? (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onDev}>
            {t('security.reauth.dev')}
          </button>
        ) : (
          <button type="button" className="btn btn--primary" disabled={busy} onClick={onTelegram}>
            {t('security.reauth.telegram')}
          </button>
        )}
      </div>
    </>
  );
}
