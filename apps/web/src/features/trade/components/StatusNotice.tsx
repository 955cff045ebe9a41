import { formatCrypto, parseAmount, type TradeView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { type MessageKey, useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { disputeReasonKey } from '../lib/dispute';

/** What the final and frozen statuses mean for me (completed, cancelled, disputed). */
export function StatusNotice({ trade }: { trade: TradeView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const crypto = fmt.crypto(trade.amountCrypto, trade.cryptocurrency);
  // The platform fee is taken from the buyer's side on release (docs/decisions/003).
  const fee = parseAmount(trade.feeAmount, 8);
  const net = fmt.crypto(formatCrypto(parseAmount(trade.amountCrypto, 8) - fee), trade.cryptocurrency);
  const feeText =
    fee > 0n ? ` ${t('trade.notice.fee', { fee: fmt.crypto(trade.feeAmount, trade.cryptocurrency) })}` : '';
  if (trade.status === 'COMPLETED') {
    return (
      <div className="tr-notice tr-notice--success">
        <Icon name="check" />
        <div>
          <strong>{t('trade.notice.completed')}</strong>
          <p className="small">
            {trade.userRole === 'buyer'
              ? `${t('trade.notice.completedBuyer', { crypto: net })}${feeText}`
              : t('trade.notice.completedSeller', { crypto })}{' '}
            {fmt.dateTime(trade.completedAt)}
          </p>
        </div>
      </div>
    );
  }
  if (trade.status === 'CANCELLED') {
    return (
      <div className="tr-notice tr-notice--muted">
        <Icon name="close" />
        <div>
          <strong>{t('trade.notice.cancelled')}</strong>
          <p className="small">
            {t('trade.notice.cancelledText')} {fmt.dateTime(trade.cancelledAt)}
          </p>
        </div>
      </div>
    );
  }
  if (trade.status === 'DISPUTED') {
    return (
      <div className="tr-notice tr-notice--danger">
        <Icon name="alert" />
        <div>
          <strong>{t('trade.notice.disputed')}</strong>
          <p className="small">{t('trade.notice.disputedText')}</p>
          {trade.disputeReason ? (
            <p className="small">
              {t('trade.notice.disputeReason')}: {t(disputeReasonKey(trade.disputeReason) as MessageKey)}
            </p>
          ) : null}
          {trade.disputeDetails ? <p className="small tr-notice__quote">{trade.disputeDetails}</p> : null}
        </div>
      </div>
    );
  }
  return null;
}
