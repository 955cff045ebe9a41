import { ACTIVE_TRADE_STATUSES, awaitingPaymentDetails, type TradeView } from '@p2p/shared';
import { useId } from 'react';
import { useT } from '@/i18n';
import { useTelegramMainButton } from '@/lib/telegram/hooks';
import { cancelBlockedKey } from '@/lib/trade-status';
import { useFormat } from '@/lib/use-format';
import { type MainAction as Action, mainActionOf } from '../lib/status';
import { TradeIcon } from './TradeIcon';

interface MainActionProps {
  trade: TradeView;
  available: readonly string[];
  /** Release waits for the seller's checklist. */
  checklistReady: boolean;
  busy: string | null;
  onAction: (action: Action | 'cancel_trade') => void;
  onDispute: () => void;
}

const LABEL = {
  mark_paid: 'trade.action.mark_paid',
  confirm_payment: 'trade.action.confirm_payment',
  release_crypto: 'trade.action.release_crypto',
} as const;

/**
 * The one main action the server offers (availableActions), with a line on what it means, and the
 * secondary ones (cancel, dispute) when they are offered too. A party to a running trade that
 * may not cancel it sees no cancel button, only the line saying why (docs/decisions/034: a
 * disabled button beside its reason read as broken).
 */
export function MainAction({ trade, available, checklistReady, busy, onAction, onDispute }: MainActionProps) {
  const t = useT();
  const fmt = useFormat();
  const hintId = useId();
  const action = mainActionOf(available);
  const canCancel = available.includes('cancel_trade');
  const canDispute = available.includes('dispute_trade');
  const running = trade.userRole !== 'observer' && ACTIVE_TRADE_STATUSES.includes(trade.status);
  const cancelBlocked = !canCancel && running ? cancelBlockedKey(trade.status) : null;
  // Nothing to pay to before the seller has sent the details: say so, do not offer the button.
  const awaitingDetails = action === 'mark_paid' && !trade.paymentTemplate;
  const gated = (action === 'release_crypto' && !checklistReady) || awaitingDetails;
  // Inside Telegram the MainButton carries the same action (its dialog then holds the button).
  useTelegramMainButton(
    action && !awaitingDetails
      ? {
          text: t(LABEL[action]),
          onClick: () => onAction(action),
          disabled: gated || busy !== null,
          loading: busy === action,
        }
      : null,
  );
  if (!action && !canCancel && !canDispute && !cancelBlocked) return null;
  // Only why cancelling is not offered to show: that reason is the panel's one line.
  const onlyBlocked = !action && !canCancel && !canDispute;
  const vars = {
    fiat: fmt.fiat(trade.amountFiat, trade.fiatCurrency),
    crypto: fmt.crypto(trade.amountCrypto, trade.cryptocurrency),
    name: trade.userRole === 'buyer' ? trade.seller.effectiveName : trade.buyer.effectiveName,
  };
  const sellerFirst = trade.userRole === 'seller' && awaitingPaymentDetails(trade);
  const hint = awaitingDetails
    ? t('trade.hint.waitDetails')
    : sellerFirst
      ? t('trade.hint.sendDetails', { time: fmt.dateTime(trade.paymentDeadline) })
      : action
        ? t(gated ? 'trade.hint.release_gated' : `trade.hint.${action}`, vars)
        : t(trade.userRole === 'seller' ? 'trade.hint.waitBuyer' : 'trade.hint.waitSeller');
  return (
    <section
      className={`panel main-action${action || sellerFirst ? ' main-action--go' : ''}`}
      aria-label={t('trade.mainAction')}
    >
      {onlyBlocked ? null : (
        <p id={hintId} className="main-action__hint">
          {hint}
        </p>
      )}
      <div className="main-action__buttons">
        {action ? (
          <button
            type="button"
            className="btn btn--buy tr-btn-lg main-action__primary"
            disabled={gated || busy !== null}
            aria-busy={busy === action}
            aria-describedby={hintId}
            onClick={() => onAction(action)}
          >
            {busy === action ? (
              <span className="spinner spinner--sm tr-spinner-light" aria-hidden="true" />
            ) : null}
            {t(LABEL[action])}
          </button>
        ) : null}
        {canDispute ? (
          <button type="button" className="btn btn--ghost" onClick={onDispute} disabled={busy !== null}>
            <TradeIcon name="flag" /> {t('trade.action.dispute')}
          </button>
        ) : null}
        {canCancel ? (
          <button
            type="button"
            className="btn btn--ghost tr-danger-text"
            onClick={() => onAction('cancel_trade')}
            disabled={busy !== null}
          >
            {busy === 'cancel_trade' ? <span className="spinner spinner--sm" aria-hidden="true" /> : null}
            {t('trade.action.cancel')}
          </button>
        ) : null}
      </div>
      {cancelBlocked ? <p className="main-action__reason small muted">{t(cancelBlocked)}</p> : null}
    </section>
  );
}
