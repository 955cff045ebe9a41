import type { Cryptocurrency, FiatCurrency } from '@p2p/shared';
import { formatFiat, tryParseAmount } from '@p2p/shared';
import { useId, useState } from 'react';
import {
  applyPercent,
  deviationTenths,
  marketPriceMinor,
  PriceSourceIndicator,
  useMarketPrices,
} from '@/features/market';

import { useI18n } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { normalize } from '../lib/order-form';

/** Price presets, in tenths of a percent. */
const PRESETS = [-50, -20, 0, 20, 50];
const CUSTOM_MIN = -50;
const CUSTOM_MAX = 50;

interface PriceHelperProps {
  crypto: Cryptocurrency;
  fiat: FiatCurrency;
  price: string;
  onPrice: (price: string) => void;
}

/** Market reference price with -5/-2/0/+2/+5 % presets and a custom percent. */
export function PriceHelper({ crypto, fiat, price, onPrice }: PriceHelperProps) {
  const { t } = useI18n();
  const fmt = useFormat();
  const id = useId();
  const prices = useMarketPrices();
  const [custom, setCustom] = useState('');
  const market = marketPriceMinor(prices.data?.prices, crypto, fiat);
  const current = tryParseAmount(normalize(price), 2);
  const deviation =
    market !== null && current !== null && current > 0n ? deviationTenths(current, market) : null;

  const apply = (tenths: number) => {
    if (market === null) return;
    onPrice(formatFiat(applyPercent(market, tenths)));
  };
  const onCustom = (text: string) => {
    setCustom(text);
    const value = Number(normalize(text));
    if (normalize(text) !== '' && Number.isFinite(value) && value >= CUSTOM_MIN && value <= CUSTOM_MAX) {
      apply(Math.round(value * 10));
    }
  };

  return (
    <div className="price-helper">
      <MarketPriceLine crypto={crypto} fiat={fiat} market={market} prices={prices} />
      {prices.data?.source === 'fallback' ? (
        <p className="field__hint price-helper__fallback">{t('createOrder.fallbackPrices')}</p>
      ) : null}
      <PricePresets
        id={id}
        disabled={market === null}
        deviation={deviation}
        custom={custom}
        onPreset={apply}
        onCustom={onCustom}
      />
      {deviation !== null ? (
        <p className="field__hint num">{t('createOrder.deviation', { value: fmt.tenths(deviation) })}</p>
      ) : null}
    </div>
  );
}

interface PricePresetsProps {
  id: string;
  /** No market price to start from. */
  disabled: boolean;
  /** The price's distance from the market, in tenths of a percent. */
  deviation: bigint | null;
  custom: string;
  onPreset: (tenths: number) => void;
  onCustom: (text: string) => void;
}

/** The percent presets (the one the price sits at is pressed) and a custom percent. */
function PricePresets({ id, disabled, deviation, custom, onPreset, onCustom }: PricePresetsProps) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <fieldset className="price-helper__presets">
      <legend className="sr-only">{t('createOrder.presets')}</legend>
      {PRESETS.map((tenths) => (
        <button
          key={tenths}
          type="button"
          className="filter-chip num"
          disabled={disabled}
          aria-pressed={deviation !== null && deviation === BigInt(tenths)}
          onClick={() => onPreset(tenths)}
        >
          {tenths === 0 ? t('createOrder.atMarket') : fmt.tenths(BigInt(tenths))}
        </button>
      ))}
      <label className="price-helper__custom small" htmlFor={`${id}-custom`}>
        {t('createOrder.customPercent')}
        <input
          id={`${id}-custom`}
          className="input input--sm num"
          type="number"
          min={CUSTOM_MIN}
          max={CUSTOM_MAX}
          step={0.1}
          inputMode="decimal"
          value={custom}
          disabled={disabled}
          onChange={(event) => onCustom(event.target.value)}
        />
        %
      </label>
    </fieldset>
  );
}

/** «Рыночная цена BTC: …» with where the price comes from: the fixed and the floating price fields. */
export function MarketPriceLine({
  crypto,
  fiat,
  market,
  prices,
}: {
  crypto: string;
  fiat: string;
  market: bigint | null;
  prices: ReturnType<typeof useMarketPrices>;
}) {
  const { t } = useI18n();
  const fmt = useFormat();
  return (
    <div className="price-helper__market">
      <span className="small">
        {t('createOrder.marketPrice', { crypto })}{' '}
        <strong className="num">{market === null ? '—' : fmt.fiat(formatFiat(market), fiat)}</strong>
      </span>
      <PriceSourceIndicator query={prices} />
    </div>
  );
}
