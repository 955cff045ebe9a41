import { useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { OrderTypeBadge } from '@/features/orders';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import {
  effectiveLimits,
  formatPaidMinor,
  normalize,
  type OrderFormState,
  orderTotalMinor,
} from '../lib/order-form';

/** The order as it will be published, with the confirm button. */
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
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const total = orderTotalMinor(form);
  const { min, max } = effectiveLimits(form);
  const rows: [string, string][] = [
    [t('createOrder.field.amount'), fmt.crypto(normalize(form.amount), form.cryptocurrency)],
    [t('createOrder.field.price'), fmt.fiat(normalize(form.price), form.fiat)],
    [
      t('createOrder.calc.total'),
      total === null ? '—' : fmt.fiat(formatPaidMinor(total, form.fiat), form.fiat),
    ],
    [
      t('createOrder.calc.limits'),
      `${min ? fmt.fiat(min, form.fiat) : '—'} – ${max ? fmt.fiat(max, form.fiat) : '—'}`,
    ],
    [t('createOrder.field.methods'), form.methods.map((m) => fmt.paymentMethod(m)).join(', ')],
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
