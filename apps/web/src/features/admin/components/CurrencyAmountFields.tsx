import { CRYPTOCURRENCIES, type Cryptocurrency } from '@p2p/shared';
import { useT } from '@/i18n';

/** The coin and amount of a balance operation: shared by the inline form and the dialog. */
export function CurrencyAmountFields({
  id,
  currency,
  onCurrency,
  amount,
  onAmount,
}: {
  /** Prefix of the fields' ids (unique per form). */
  id: string;
  currency: Cryptocurrency | '';
  onCurrency: (currency: Cryptocurrency | '') => void;
  amount: string;
  onAmount: (amount: string) => void;
}) {
  const t = useT();
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cur`}>
          {t('bo.balance.currency')}
        </label>
        <select
          id={`${id}-cur`}
          className="input"
          value={currency}
          onChange={(e) => onCurrency(e.target.value as Cryptocurrency | '')}
        >
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
        <input
          id={`${id}-amount`}
          className="input num"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => onAmount(e.target.value)}
        />
      </div>
    </>
  );
}
