import type { TelegramLinkStatus } from '@p2p/shared';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { useTelegramLink } from '../hooks/use-telegram-link';
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
  const tg = useTelegramLink();
  const { status, link, codeForm } = tg;

  if (status.isPending) return <p className="muted small">{t('common.loading')}</p>;
  if (status.isError) return <p className="field__error">{status.error.message}</p>;
  if (!status.data.botEnabled) return <p className="muted small">{t('prefs.telegram.unavailable')}</p>;

  return (
    <div className="tg-connect" data-testid="telegram-connect">
      {tg.connected ? (
        <TelegramConnected status={status.data} onDisconnect={tg.disconnect} pending={tg.disconnecting} />
      ) : (
        <>
          <p className="tg-connect__status">{t('prefs.telegram.notConnected')}</p>
          {codeForm ? (
            <TelegramLinkCode codeForm={codeForm} pending={tg.sending} onCancel={tg.cancelCode} />
          ) : (
            <button
              type="button"
              className="btn btn--primary btn--sm"
              onClick={tg.start}
              disabled={tg.starting}
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

/** The bot is connected: to which bot and since when, and the way to disconnect it. */
function TelegramConnected({
  status,
  onDisconnect,
  pending,
}: {
  status: TelegramLinkStatus;
  onDisconnect: () => void;
  pending: boolean;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <>
      <p className="tg-connect__status is-on">
        {t('prefs.telegram.connected', { bot: status.botUsername ? `@${status.botUsername}` : '' })}
        {status.connectedAt ? (
          <span className="muted small"> · {fmt.dateTime(status.connectedAt)}</span>
        ) : null}
      </p>
      <button type="button" className="btn btn--ghost btn--sm" onClick={onDisconnect} disabled={pending}>
        {t('prefs.telegram.disconnect')}
      </button>
    </>
  );
}
