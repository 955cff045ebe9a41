import { feeFor, formatCrypto, tryParseAmount } from '@p2p/shared';
import { useWalletBalances } from '@/features/wallet';
import { useT } from '@/i18n';
import { ppmPercentText, useFeePpm } from '@/lib/platform-config';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import {
  effectiveLimits,
  formatPaidMinor,
  normalize,
  type OrderFormState,
  orderTotalMinor,
} from '../lib/order-form';

/** The side card: total, limits, reserve and fee, and the preview button. */
export function CalculatorCard({
  form,
  canPreview,
  onPreview,
}: {
  form: OrderFormState;
  canPreview: boolean;
  onPreview: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const total = orderTotalMinor(form);
  const amount = tryParseAmount(normalize(form.amount), 8);
  // The server's rate (GET /config) and its rule (shared feeFor): what the release will take.
  const feePpm = useFeePpm();
  const fee = amount === null || feePpm === null ? null : feeFor(amount, feePpm);
  const { min, max } = effectiveLimits(form);

  return (
    <aside className="panel calc-card" aria-labelledby="calc-title">
      <h2 id="calc-title" className="panel__title">
        {t('createOrder.calc.title')}
      </h2>
      <dl className="calc-card__rows">
        <div>
          <dt>{t('createOrder.calc.total')}</dt>
          <dd className="calc-card__total num">
            {total === null ? '—' : fmt.fiat(formatPaidMinor(total, form.fiat), form.fiat)}
          </dd>
        </div>
        <div>
          <dt>{t('createOrder.calc.limits')}</dt>
          <dd className="num">
            {min ? fmt.fiat(min, form.fiat) : '—'} – {max ? fmt.fiat(max, form.fiat) : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('createOrder.calc.fee')}</dt>
          <dd className="num">
            {fee === null ? '—' : `≈ ${fmt.crypto(formatCrypto(fee), form.cryptocurrency)}`}
          </dd>
        </div>
      </dl>
      {feePpm !== null ? (
        <p className="small muted">
          {t('createOrder.calc.feeNote', { rate: fmt.number(ppmPercentText(feePpm)) })}
        </p>
      ) : null}
      <ReserveNote form={form} amount={amount} />
      <button
        type="button"
        className="btn btn--primary btn--block"
        disabled={!canPreview}
        onClick={onPreview}
      >
        {t('createOrder.preview')}
      </button>
      {!canPreview ? <p className="small muted calc-card__hint">{t('createOrder.previewHint')}</p> : null}
    </aside>
  );
}

/** A sell order reserves its coins: the balance available, and a warning when it falls short. */
function ReserveNote({ form, amount }: { form: OrderFormState; amount: bigint | null }) {
  const t = useT();
  const fmt = useFormat();
  const balances = useWalletBalances(form.type === 'sell');
  if (form.type !== 'sell')
    return <p className="calc-card__reserve small">{t('createOrder.calc.buyNote')}</p>;
  const balance = balances.data?.find((b) => b.cryptocurrency === form.cryptocurrency);
  const available = balance ? tryParseAmount(balance.available, 8) : null;
  const short = amount !== null && available !== null && amount > available;
  return (
    <div className={`calc-card__reserve small${short ? ' is-short' : ''}`}>
      <p>{t('createOrder.calc.reserve', { crypto: form.cryptocurrency })}</p>
      <p className="num">
        {t('createOrder.calc.available')}{' '}
        <strong>
          {balance ? fmt.crypto(balance.available, form.cryptocurrency, { balance: true }) : '—'}
        </strong>
      </p>
      {short ? (
        <p>
          {t('createOrder.insufficient')} <Link to="/wallet">{t('createOrder.toWallet')}</Link>
        </p>
      ) : null}
    </div>
  );
}
