import { StatusBadge } from '@/components/ui/StatusBadge';
import { activeTradeSeverity } from '@/features/trade';
import { useT } from '@/i18n';
import { formatClock } from '@/lib/format';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import type { CancelState } from '../hooks/use-active-trades';
import { type ActiveTradeSummary, timeRemaining } from '../lib/summary';

interface TradeRowProps {
  trade: ActiveTradeSummary;
  now: number;
  /** Unknown until the trade's actions are loaded: no button yet. */
  cancel: CancelState | undefined;
  cancelling: boolean;
  onOpen: () => void;
  onCancel: () => void;
}

/**
 * One active trade: opens /trade/{id}; dimmed 'Cancelling...' while a cancel is in flight. A trade
 * that cannot be cancelled shows no cancel button, only the reason on a line of its own
 * (docs/decisions/034).
 */
export function TradeRow({ trade, now, cancel, cancelling, onOpen, onCancel }: TradeRowProps) {
  const t = useT();
  const fmt = useFormat();
  const seconds = timeRemaining(trade, now);
  const severity = activeTradeSeverity(seconds);
  const role = trade.role === 'buyer' ? 'buy' : 'sell';
  const party = trade.counterparty || t('activeTrades.unknownParty');
  return (
    <li className={`at-row${cancelling ? ' at-row--cancelling' : ''}`} aria-busy={cancelling || undefined}>
      <Link
        to={`/trade/${trade.id}`}
        className="at-row__main"
        aria-disabled={cancelling || undefined}
        tabIndex={cancelling ? -1 : undefined}
        onClick={(e) => {
          if (cancelling) e.preventDefault();
          else onOpen();
        }}
      >
        <span className="at-row__top">
          <span className="at-row__coin">{trade.cryptocurrency}</span>
          <span className={`at-row__role at-row__role--${role}`}>{t(`activeTrades.role.${role}`)}</span>
          <StatusBadge status={trade.status} />
          {trade.unread > 0 ? (
            <span className="at-row__unread num" title={t('activeTrades.unread', { count: trade.unread })}>
              <span aria-hidden="true">✉ {trade.unread}</span>
              <span className="sr-only">{t('activeTrades.unread', { count: trade.unread })}</span>
            </span>
          ) : null}
        </span>
        <span className="at-row__amounts num">
          {fmt.crypto(trade.amountCrypto, trade.cryptocurrency)}
          <span className="muted"> · {fmt.fiat(trade.amountFiat, trade.fiatCurrency)}</span>
        </span>
        <span className="at-row__who small muted">
          {t('activeTrades.with', { name: party })}
          {cancelling ? (
            <strong className="at-row__cancelling"> · {t('activeTrades.cancelling')}</strong>
          ) : null}
        </span>
      </Link>
      <span className="at-row__aside">
        {/* No clock where no deadline runs (a dispute); one that passed reads 00:00 until the job acts. */}
        {seconds === null ? null : (
          <span className={`at-row__time num at-sev--${severity}`} title={t('activeTrades.timeLeft')}>
            {formatClock(Math.max(0, seconds))}
          </span>
        )}
        {cancel?.ok && !cancelling ? (
          <button
            type="button"
            className="at-row__cancel"
            onClick={onCancel}
            aria-label={t('activeTrades.cancelRow', {
              crypto: trade.cryptocurrency,
              name: party,
            })}
          >
            {t('activeTrades.cancelShort')}
          </button>
        ) : null}
      </span>
      {cancel && !cancel.ok && !cancelling ? (
        <span className="at-row__reason small muted">{t(cancel.reason)}</span>
      ) : null}
    </li>
  );
}
