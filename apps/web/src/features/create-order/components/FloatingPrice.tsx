import { floatingPrice, formatFiat, parseMarginBp, tryParseAmount } from '@p2p/shared';
import { useEffect } from 'react';
import { marketPriceMinor, useMarketPrices } from '@/features/market';
import { useI18n } from '@/i18n';
import { fiatSign } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import { normalize } from '../lib/order-form';
import { Field } from './Field';
import type { OrderForm } from './OrderSections';
import { MarketPriceLine } from './PriceHelper';

/** The spec's offsets from the market, in percent; a custom one is typed in the field. */
const MARGIN_PRESETS = ['-5', '-2', '0', '2', '5'] as const;

/** «Фиксированная / Плавающая»: how the order is priced (docs/decisions/027). */
export function PriceTypeToggle({ form }: { form: OrderForm }) {
  const { t } = useI18n();
  const priceType = form.watch('priceType');
  return (
    <fieldset className="field field--set">
      <legend className="field__label">{t('createOrder.priceType')}</legend>
      <div className="segmented">
        {(['fixed', 'floating'] as const).map((type) => (
          <button
            key={type}
            type="button"
            className="segmented__item"
            aria-pressed={priceType === type}
            onClick={() => form.setValue('priceType', type, { shouldValidate: form.formState.isSubmitted })}
          >
            {t(type === 'fixed' ? 'createOrder.priceType.fixed' : 'createOrder.priceType.floating')}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A floating order's margin (presets and a custom value), its guard, and the price they give at
 * the market now. That price is kept in the form's `price`, so the amount rules and the
 * calculator work on what the order will be published at; the server prices it again.
 */
export function FloatingPriceFields({ form, id }: { form: OrderForm; id: string }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const prices = useMarketPrices();
  const [crypto, fiat, type, margin, priceLimit] = form.watch([
    'cryptocurrency',
    'fiat',
    'type',
    'margin',
    'priceLimit',
  ]);
  const market = marketPriceMinor(prices.data?.prices, crypto, fiat);
  const effective = effectivePrice(market, margin, type, priceLimit);
  const sign = fiatSign(fiat);

  useEffect(() => {
    const next = effective === null ? '' : formatFiat(effective);
    if (form.getValues('price') !== next)
      form.setValue('price', next, { shouldValidate: form.formState.isSubmitted });
  }, [effective, form]);

  const bp = parseMarginBp(margin);
  return (
    <div className="floating-price">
      <MarketPriceLine crypto={crypto} fiat={fiat} market={market} prices={prices} />
      {prices.data?.source === 'fallback' ? (
        <p className="field__hint price-helper__fallback">{t('createOrder.floating.fallback')}</p>
      ) : null}
      <fieldset className="price-helper__presets">
        <legend className="sr-only">{t('createOrder.presets')}</legend>
        {MARGIN_PRESETS.map((preset) => (
          <button
            key={preset}
            type="button"
            className="filter-chip num"
            aria-pressed={bp !== null && bp === Number(preset) * 100}
            onClick={() => form.setValue('margin', preset, { shouldTouch: true, shouldValidate: true })}
          >
            {preset === '0'
              ? t('createOrder.atMarket')
              : `${Number(preset) > 0 ? '+' : '−'}${Math.abs(Number(preset))}%`}
          </button>
        ))}
      </fieldset>
      <Field
        id={`${id}-margin`}
        label={t('createOrder.floating.margin')}
        hint={t('createOrder.floating.marginHint')}
        error={form.formState.errors.margin?.message}
        suffix="%"
        field={form.register('margin')}
      />
      <Field
        id={`${id}-priceLimit`}
        label={t(type === 'sell' ? 'createOrder.floating.limitSell' : 'createOrder.floating.limitBuy', {
          sign,
        })}
        hint={t('createOrder.floating.limitHint')}
        error={form.formState.errors.priceLimit?.message}
        suffix={sign}
        field={form.register('priceLimit')}
      />
      <p className="floating-price__now small" aria-live="polite">
        {t('createOrder.floating.now')}{' '}
        <strong className="num">{effective === null ? '—' : fmt.fiat(formatFiat(effective), fiat)}</strong>
      </p>
      {form.formState.errors.price?.message ? (
        <p className="field__error" role="alert">
          {form.formState.errors.price.message}
        </p>
      ) : null}
    </div>
  );
}

/** The price a margin and guard give at `market`, as the server computes it; null until they are numbers. */
function effectivePrice(
  market: bigint | null,
  margin: string,
  side: 'buy' | 'sell',
  limitText: string,
): bigint | null {
  const bp = parseMarginBp(margin);
  if (market === null || bp === null) return null;
  const limit = normalize(limitText) === '' ? null : tryParseAmount(normalize(limitText), 2);
  return floatingPrice(market, bp, side, limit !== null && limit > 0n ? limit : null);
}
