import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useTwoFactorStatus } from '@/features/two-factor';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { useFormat } from '@/lib/use-format';
import { settingsApi, settingsKeys } from '../api/settings-api';
import { TelegramLinkCode } from './TelegramLinkCode';

/**
 * Connecting the Telegram bot: the server issues a one-time `/start` deep link; opening it in
 * Telegram binds the chat to this account. Until the bot confirms, the status is polled. With
 * two-factor on, the link is issued only for a fresh code (docs/decisions/023), asked first;
 * should the server ask for one the status did not foresee, the same form opens then.
 */
export function TelegramConnect() {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const status = useQuery({
    queryKey: settingsKeys.telegram,
    queryFn: settingsApi.telegramStatus,
    // While a link is out, watch for the bot to confirm the connection.
    refetchInterval: link ? 3_000 : false,
  });
  const twoFactor = useTwoFactorStatus();
  // The code form: null while closed, else the error of the last code sent (if any).
  const [asking, setAsking] = useState<{ error: string | null } | null>(null);
  const [code, setCode] = useState('');
  const connected = status.data?.connected ?? false;
  if (link && connected) setLink(null);

  const create = useMutation({
    mutationFn: (withCode: string | undefined) => settingsApi.telegramLink(withCode),
    onSuccess: (token) => {
      setAsking(null);
      setCode('');
      setLink({ url: token.url, expiresAt: token.expiresAt });
      window.open(token.url, '_blank', 'noopener');
    },
    onError: (e) => {
      const needsCode = e instanceof ApiError && e.code === 'TWO_FACTOR_REQUIRED';
      if (asking || needsCode) {
        const reason = e instanceof ApiError ? (e.details as { reason?: string } | undefined)?.reason : null;
        setAsking({ error: reason === 'missing' ? null : e.message });
      } else toast.error(e.message);
    },
  });
  const start = () => (twoFactor.data?.enabled ? setAsking({ error: null }) : create.mutate(undefined));
  const disconnect = useMutation({
    mutationFn: settingsApi.telegramDisconnect,
    onSuccess: (next) => {
      queryClient.setQueryData(settingsKeys.telegram, next);
      void queryClient.invalidateQueries({ queryKey: settingsKeys.settings });
      toast.success(t('prefs.telegram.disconnected'));
    },
    onError: (e) => toast.error(e.message),
  });

  if (status.isPending) return <p className="muted small">{t('common.loading')}</p>;
  if (status.isError) return <p className="field__error">{status.error.message}</p>;
  if (!status.data.botEnabled) return <p className="muted small">{t('prefs.telegram.unavailable')}</p>;

  return (
    <div className="tg-connect" data-testid="telegram-connect">
      {connected ? (
        <>
          <p className="tg-connect__status is-on">
            {t('prefs.telegram.connected', {
              bot: status.data.botUsername ? `@${status.data.botUsername}` : '',
            })}
            {status.data.connectedAt ? (
              <span className="muted small"> · {fmt.dateTime(status.data.connectedAt)}</span>
            ) : null}
          </p>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            onClick={() => disconnect.mutate()}
            disabled={disconnect.isPending}
          >
            {t('prefs.telegram.disconnect')}
          </button>
        </>
      ) : (
        <>
          <p className="tg-connect__status">{t('prefs.telegram.notConnected')}</p>
          {asking ? (
            <TelegramLinkCode
              code={code}
              onCode={setCode}
              error={asking.error}
              pending={create.isPending}
              onSubmit={() => create.mutate(code.trim())}
              onCancel={() => {
                setAsking(null);
                setCode('');
              }}
            />
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={start}
              disabled={create.isPending || twoFactor.isPending}
            >
              {t('prefs.telegram.connect')}
            </button>
          )}
          {link ? (
            <p className="small" role="status">
              {t('prefs.telegram.waiting', { time: fmt.time(link.expiresAt) })}{' '}
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {t('prefs.telegram.openAgain')}
              </a>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
