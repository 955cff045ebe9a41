import { CRYPTOCURRENCIES, type Cryptocurrency, type NetworkId, networksOf } from '@p2p/shared';
import { useId } from 'react';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';

/** Step 1: the coin (unless fixed by the card it was opened from) and its network. */
export function WithdrawSelect({
  currency,
  currencyFixed,
  network,
  onCurrency,
  onNetwork,
}: {
  currency: Cryptocurrency;
  currencyFixed: boolean;
  network: NetworkId;
  onCurrency: (currency: Cryptocurrency) => void;
  onNetwork: (network: NetworkId) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const id = useId();
  return (
    <>
      {currencyFixed ? null : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-coin`}>
            {t('wd.currency')}
          </label>
          <select
            id={`${id}-coin`}
            className="input"
            value={currency}
            onChange={(event) => onCurrency(event.target.value as Cryptocurrency)}
          >
            {CRYPTOCURRENCIES.map((coin) => (
              <option key={coin} value={coin}>
                {coin}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className="choice-list">
        <legend className="field__label">{t('wd.network')}</legend>
        {networksOf(currency).map((n) => (
          <label key={n.id} className="choice">
            <input
              type="radio"
              name={`${id}-network`}
              checked={network === n.id}
              onChange={() => onNetwork(n.id)}
            />
            <span className="choice__title">{n.label}</span>
            <span className="small muted">
              {t('wd.limits', {
                min: fmt.number(n.withdraw.min),
                max: fmt.number(n.withdraw.max),
                fee: fmt.number(n.withdraw.fee),
                currency: n.currency,
              })}{' '}
              · {t('wd.eta', { from: n.withdraw.etaMinutes[0], to: n.withdraw.etaMinutes[1] })}
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
