import { CRYPTOCURRENCIES } from '@p2p/shared';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '@/i18n';

/** The coin and amount of a balance operation: shared by the inline form and the dialog. */
export function CurrencyAmountFields({
  id,
  currency,
  amount,
}: {
  /** Prefix of the fields' ids (unique per form). */
  id: string;
  /** The form's coin field (`register('cryptocurrency')`). */
  currency: UseFormRegisterReturn<'cryptocurrency'>;
  /** The form's amount field (`register('amount')`). */
  amount: UseFormRegisterReturn<'amount'>;
}) {
  const t = useT();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cur`}>
          {t('bo.balance.currency')}
        </label>
        <select id={`${id}-cur`} className="input" {...currency}>
          <option value="">{t('bo.balance.pickCurrency')}</option>
          {CRYPTOCURRENCIES.map((coin) => (
            <option key={coin} value={coin}>
              {coin}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('bo.balance.amount')}
        </label>
        <input id={`${id}-amount`} className="input num" inputMode="decimal" autoComplete="off" {...amount} />
      </div>
    </>
  );
}
