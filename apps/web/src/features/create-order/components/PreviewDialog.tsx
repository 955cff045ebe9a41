import { formatMarginBp, isSwapPayment, parseMarginBp } from '@p2p/shared';
import { type ReactNode, useId } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { useMarketPrices } from '@/features/market';
import { FloatingNote, OrderTypeBadge } from '@/features/orders';
import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import {
  effectiveLimits,
  formatPaidMinor,
  normalize,
  type OrderFormState,
  orderTotalMinor,
} from '../lib/order-form';

/**
 * What the preview says of the price: a floating order's margin, and that it will be published
 * paused while the market price is unavailable (the server prices it from the fallback table
 * and pauses it: docs/decisions/027).
 */
function FloatingPreview({ form }: { form: OrderFormState }) {
  const prices = useMarketPrices();
  const bp = parseMarginBp(form.margin);
  if (form.priceType !== 'floating' || isSwapPayment(form.fiat) || bp === null) return null;
  return <FloatingNote margin={formatMarginBp(bp)} paused={prices.data?.source === 'fallback'} />;
}

/**
 * The order as it will be published, with the confirm button. A swap offer (paid in a coin)
 * has no payment methods and no time to pay, so those rows are left out (docs/decisions/026).
 */
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
  const swap = isSwapPayment(form.fiat);
  const rows: [string, ReactNode][] = [
    [t('createOrder.field.amount'), fmt.crypto(normalize(form.amount), form.cryptocurrency)],
    [
      t('createOrder.field.price'),
      <>
        {fmt.fiat(normalize(form.price), form.fiat)}
        <FloatingPreview form={form} />
      </>,
    ],
    [
      t('createOrder.calc.total'),
      total === null ? '—' : fmt.fiat(formatPaidMinor(total, form.fiat), form.fiat),
    ],
    [
      t('createOrder.calc.limits'),
      `${min ? fmt.fiat(min, form.fiat) : '—'} – ${max ? fmt.fiat(max, form.fiat) : '—'}`,
    ],
  ];
  if (swap) rows.push([t('swap.settlement'), t('swap.badge')]);
  else {
    rows.push([t('createOrder.field.methods'), form.methods.map((m) => fmt.paymentMethod(m)).join(', ')]);
    rows.push([t('createOrder.field.timeLimit'), t('orders.minutes', { count: form.timeLimit })]);
  }
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
