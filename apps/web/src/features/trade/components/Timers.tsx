import { awaitingPaymentDetails, type TradeView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { useI18n } from '@/i18n';
import { formatClock } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { useCountdown } from '../hooks/use-countdown';
import { useNow } from '../hooks/use-now';
import {
  autoReleaseSeverity,
  confirmationTimerSeverity,
  paymentTimerSeverity,
  remainingShare,
  type Severity,
  shareSeverity,
} from '../lib/timers';

/** Window lengths assumed when a window's start is unknown: 30 min to pay, 15 to release. */
const PAYMENT_BASE_S = 1800;
const RELEASE_BASE_S = 900;

function Bar({ share, severity }: { share: number; severity: Severity }) {
  return (
    <div className={`timer-bar timer-bar--${severity}`} aria-hidden="true">
      <span style={{ width: `${Math.round(share * 100)}%` }} />
    </div>
  );
}

interface TimerCardProps {
  title: string;
  seconds: number | null;
  severity: Severity;
  share: number | null;
  /** The bar's colour follows the share of the window left; defaults to `severity`. */
  barSeverity?: Severity;
  note: string;
  expiredText: string;
}

function TimerCard({ title, seconds, severity, share, barSeverity, note, expiredText }: TimerCardProps) {
  const expired = seconds !== null && seconds <= 0;
  return (
    <div className={`timer-card timer-card--${expired ? 'critical' : severity}`}>
      <div className="timer-card__row">
        <Icon name="clock" />
        <span className="timer-card__title">{title}</span>
        <span
          className={`timer-card__clock num${severity === 'critical' && !expired ? ' tr-pulse' : ''}`}
          role="timer"
          aria-live="off"
        >
          {expired ? '00:00' : formatClock(seconds)}
        </span>
      </div>
      {share !== null ? <Bar share={share} severity={barSeverity ?? severity} /> : null}
      <p className="timer-card__note small">{expired ? expiredText : note}</p>
    </div>
  );
}

/** Time the buyer has to pay. */
export function PaymentTimer({ trade, onExpire }: { trade: TradeView; onExpire: () => void }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const now = useNow();
  const seconds = useCountdown(trade.paymentDeadline, onExpire);
  // Before the details: the deadline is the seller's, to send them; the buyer's window starts then.
  const start = trade.paymentTemplate?.sentAt ?? trade.createdAt;
  const share = remainingShare(start, trade.paymentDeadline, now, PAYMENT_BASE_S);
  if (awaitingPaymentDetails(trade)) {
    const seller = trade.userRole === 'seller';
    return (
      <TimerCard
        title={t('trade.timer.details')}
        seconds={seconds}
        severity={seller ? paymentTimerSeverity(seconds) : 'normal'}
        share={share}
        barSeverity={seller ? shareSeverity(share) : 'normal'}
        note={t(seller ? 'trade.timer.detailsNoteSeller' : 'trade.timer.detailsNoteBuyer', {
          time: fmt.dateTime(trade.paymentDeadline),
        })}
        expiredText={t('trade.timer.detailsExpired')}
      />
    );
  }
  return (
    <TimerCard
      title={t('trade.timer.payment')}
      seconds={seconds}
      severity={paymentTimerSeverity(seconds)}
      share={share}
      barSeverity={shareSeverity(share)}
      note={t(trade.userRole === 'buyer' ? 'trade.timer.paymentNoteBuyer' : 'trade.timer.paymentNoteSeller', {
        time: fmt.dateTime(trade.paymentDeadline),
      })}
      expiredText={t('trade.timer.paymentExpired')}
    />
  );
}

/** Time the seller has to confirm after the buyer marked payment. */
export function ConfirmationTimer({ trade, onExpire }: { trade: TradeView; onExpire: () => void }) {
  const { t } = useI18n();
  const seconds = useCountdown(trade.confirmationDeadline, onExpire);
  if (!trade.confirmationDeadline) return null;
  return (
    <TimerCard
      title={t('trade.timer.confirmation')}
      seconds={seconds}
      severity={confirmationTimerSeverity(seconds)}
      share={null}
      note={t(
        trade.userRole === 'seller'
          ? 'trade.timer.confirmationNoteSeller'
          : 'trade.timer.confirmationNoteBuyer',
      )}
      expiredText={t(
        trade.userRole === 'seller'
          ? 'trade.timer.confirmationExpiredSeller'
          : 'trade.timer.confirmationExpiredBuyer',
      )}
    />
  );
}

/** Automatic release after the seller confirmed: active, expired, executed. */
export function AutoReleaseCard({ trade, onExpire }: { trade: TradeView; onExpire: () => void }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const now = useNow();
  const seconds = useCountdown(trade.status === 'PAYMENT_CONFIRMED' ? trade.autoReleaseAt : null, onExpire);
  if (trade.status === 'COMPLETED' && trade.autoReleaseExecutedAt) {
    return (
      <div className="timer-card timer-card--normal">
        <div className="timer-card__row">
          <Icon name="check" />
          <span className="timer-card__title">
            {t('trade.autoRelease.executed', {
              time: fmt.dateTime(trade.autoReleaseExecutedAt),
            })}
          </span>
        </div>
      </div>
    );
  }
  if (trade.status !== 'PAYMENT_CONFIRMED' || !trade.autoReleaseAt) return null;
  const share = remainingShare(trade.confirmedAt, trade.autoReleaseAt, now, RELEASE_BASE_S);
  return (
    <TimerCard
      title={t('trade.autoRelease.title')}
      seconds={seconds}
      severity={autoReleaseSeverity(seconds)}
      share={share}
      note={t(trade.userRole === 'seller' ? 'trade.autoRelease.noteSeller' : 'trade.autoRelease.noteBuyer', {
        time: fmt.dateTime(trade.autoReleaseAt),
      })}
      expiredText={t('trade.autoRelease.expired')}
    />
  );
}
