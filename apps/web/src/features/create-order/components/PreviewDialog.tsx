import { formatFiat } from '@p2p/shared';
import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { formatCryptoText, formatFiatText, OrderTypeBadge, paymentMethodLabel } from '@/features/orders';
import { useI18n } from '@/i18n';
import { effectiveLimits, normalize, type OrderFormState, orderTotalMinor } from '../lib/order-form';

/** The order as it will be published, with the confirm button (spec 3 §2). */
export function PreviewDialog({
  open,
  form,
  onConfirm,
  onClose,
}: {
  open: boolean;
  form: OrderFormState;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const id = useId();
  const total = orderTotalMinor(form);
  const { min, max } = effectiveLimits(form);
  const rows: [string, string][] = [
    [t('createOrder.field.amount'), formatCryptoText(normalize(form.amount), form.cryptocurrency)],
    [t('createOrder.field.price'), formatFiatText(normalize(form.price), form.fiat)],
    [t('createOrder.calc.total'), total === null ? '—' : formatFiatText(formatFiat(total), form.fiat)],
    [
      t('createOrder.calc.limits'),
      `${min ? formatFiatText(min, form.fiat) : '—'} – ${max ? formatFiatText(max, form.fiat) : '—'}`,
    ],
    [t('createOrder.field.methods'), form.methods.map((m) => paymentMethodLabel(m, lang)).join(', ')],
    [t('createOrder.field.timeLimit'), t('orders.minutes', { count: form.timeLimit })],
  ];
  return (
    <Dialog open={open} onClose={onClose} labelledBy={`${id}-t`}>
      <h2 id={`${id}-t`} className="dialog__title">
        {t('createOrder.previewTitle')}
      </h2>
      <p className="preview-type">
        <OrderTypeBadge type={form.type} />{' '}
        <strong>
          {form.cryptocurrency} / {form.fiat}
        </strong>
      </p>
      <dl className="preview-rows">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className="num">{value}</dd>
          </div>
        ))}
      </dl>
      {form.description.trim() ? (
        <p className="preview-description small">{form.description.trim()}</p>
      ) : null}
      <p className="small muted">
        {t(form.type === 'sell' ? 'createOrder.previewSellNote' : 'createOrder.previewBuyNote', {
          crypto: form.cryptocurrency,
        })}
      </p>
      <div className="dialog__actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          {t('createOrder.edit')}
        </button>
        <button type="button" className={`btn btn--${form.type}`} onClick={onConfirm}>
          {t('createOrder.publish')}
        </button>
      </div>
    </Dialog>
  );
}
