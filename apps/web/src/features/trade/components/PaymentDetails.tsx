import type { TradeView } from '@p2p/shared';
import { Icon } from '@/components/ui/Icon';
import { fieldLabelKey, orderedDetails, templateTypeKey } from '@/features/payment-methods';
import { type Translate, useI18n } from '@/i18n';
import { shortId } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { useCopy } from '../hooks/use-copy';
import { CopyButton } from './CopyButton';

/** What the buyer writes in the transfer's comment: 'Сделка #' + the short id. */
export function transferComment(tradeId: string, t: Translate): string {
  return t('trade.transferComment', { id: shortId(tradeId) });
}

/** Plain text of the details, for "copy details" (quick actions). */
export function detailsText(trade: TradeView, t: Translate): string {
  const tpl = trade.paymentTemplate;
  if (!tpl) return '';
  const lines = orderedDetails(tpl.details).map(
    ([field, value]) => `${t(fieldLabelKey(tpl.type, field))}: ${value}`,
  );
  return [tpl.name, ...lines, transferComment(trade.id, t)].join('\n');
}

/**
 * The seller's payment details as the buyer needs them: each value copyable, the amount and
 * the transfer comment ('Сделка #xxxxxxxx') too. Without details, a notice that they are awaited.
 */
export function PaymentDetails({ trade }: { trade: TradeView }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const { copied, copy } = useCopy();
  const tpl = trade.paymentTemplate;
  const buyer = trade.userRole === 'buyer';
  if (!tpl) {
    return (
      <div className="details-wait">
        {buyer ? <span className="spinner spinner--sm" aria-hidden="true" /> : <Icon name="info" />}
        <div>
          <strong>{t(buyer ? 'trade.details.waiting' : 'trade.details.notSent')}</strong>
          <p className="muted small">
            {t(buyer ? 'trade.details.waitingHint' : 'trade.details.notSentHint')}
          </p>
        </div>
      </div>
    );
  }
  const amount = trade.amountFiat;
  const comment = transferComment(trade.id, t);
  const rows: { key: string; label: string; value: string; shown?: string }[] = [
    ...orderedDetails(tpl.details).map(([field, value]) => ({
      key: field,
      label: t(fieldLabelKey(tpl.type, field)),
      value,
      // Card numbers read in groups of four; the copy stays the bare digits banks accept.
      shown: field === 'cardNumber' ? value.replace(/(\d{4})(?=\d)/g, '$1 ') : undefined,
    })),
    {
      key: 'amount',
      label: t('trade.details.amount'),
      value: amount,
      shown: fmt.fiat(amount, trade.fiatCurrency),
    },
    { key: 'comment', label: t('trade.details.comment'), value: comment },
  ];
  return (
    <div className="pay-details">
      <div className="pay-details__head">
        <span className="pay-details__name">{tpl.name}</span>
        <span className="badge badge--muted">{t(templateTypeKey(tpl.type))}</span>
      </div>
      <dl className="pay-details__list">
        {rows.map((row) => (
          <div key={row.key} className="pay-details__row">
            <dt>{row.label}</dt>
            <dd>
              <span className="pay-details__value num">{row.shown ?? row.value}</span>
              <CopyButton
                copied={copied === row.key}
                onCopy={() => copy(row.key, row.value)}
                label={row.label}
              />
            </dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        {t('trade.details.sentAt', { time: fmt.dateTime(tpl.sentAt) })}
        {buyer ? ` ${t('trade.details.commentHint')}` : ''}
      </p>
    </div>
  );
}
