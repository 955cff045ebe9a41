import { useT } from '@/i18n';
import { DISPLAY_CURRENCIES, setCurrency, useCurrency } from '@/lib/currency';
import { fiatSign } from '@/lib/format';

type Variant = 'default' | 'compact' | 'icon';

/** The header's RUB / USD switch. compact: code only; icon: symbol only. */
export function CurrencySwitcher({ variant = 'default' }: { variant?: Variant }) {
  const t = useT();
  const currency = useCurrency();
  return (
    <fieldset className="segmented">
      <legend className="sr-only">{t('currency.label')}</legend>
      {DISPLAY_CURRENCIES.map((code) => (
        <button
          key={code}
          type="button"
          className="segmented__item num"
          aria-pressed={currency === code}
          aria-label={variant === 'icon' ? code : undefined}
          onClick={() => setCurrency(code)}
        >
          {variant === 'icon' ? fiatSign(code) : null}
          {variant === 'compact' ? code : null}
          {variant === 'default' ? `${fiatSign(code)} ${code}` : null}
        </button>
      ))}
    </fieldset>
  );
}
