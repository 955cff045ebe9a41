import {
  CRYPTOCURRENCIES,
  type Cryptocurrency,
  isSwapPayment,
  PAYMENT_CURRENCIES,
  type PaymentCurrency,
} from '@p2p/shared';
import { useT } from '@/i18n';
import type { OrderFormState } from '../lib/order-form';

interface TypeSectionProps {
  form: OrderFormState;
  onType: (type: 'buy' | 'sell') => void;
  onCrypto: (crypto: Cryptocurrency) => void;
  onFiat: (fiat: PaymentCurrency) => void;
}

/** Order type (buy / sell), the coin and the payment currency. */
export function TypeSection({ form, onType, onCrypto, onFiat }: TypeSectionProps) {
  const t = useT();
  return (
    <fieldset className="panel form-section">
      <legend className="form-section__title">{t('createOrder.section.type')}</legend>
      <fieldset className="type-switch">
        <legend className="sr-only">{t('createOrder.field.type')}</legend>
        {(['buy', 'sell'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className={`type-switch__item type-switch__item--${type}`}
            aria-pressed={form.type === type}
            // A swap (paid in a coin) is published as a sale (docs/decisions/026).
            disabled={type === 'buy' && isSwapPayment(form.fiat)}
            onClick={() => onType(type)}
          >
            <strong>{t(type === 'buy' ? 'createOrder.type.buy' : 'createOrder.type.sell')}</strong>
            <span className="small">
              {t(type === 'buy' ? 'createOrder.type.buyHint' : 'createOrder.type.sellHint')}
            </span>
          </button>
        ))}
      </fieldset>
      <div className="form-row">
        <fieldset className="field field--set">
          <legend className="field__label">{t('createOrder.field.crypto')}</legend>
          <div className="segmented segmented--wrap">
            {CRYPTOCURRENCIES.map((coin) => (
              <button
                key={coin}
                type="button"
                className="segmented__item"
                aria-pressed={form.cryptocurrency === coin}
                onClick={() => onCrypto(coin)}
              >
                {coin}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="field field--set">
          <legend className="field__label">{t('createOrder.field.fiat')}</legend>
          <div className="segmented segmented--wrap">
            {PAYMENT_CURRENCIES.filter((c) => c !== form.cryptocurrency).map((fiat) => (
              <button
                key={fiat}
                type="button"
                className="segmented__item"
                aria-pressed={form.fiat === fiat}
                onClick={() => onFiat(fiat)}
              >
                {fiat}
              </button>
            ))}
          </div>
        </fieldset>
      </div>
    </fieldset>
  );
}
