import { COIN_IDS, CRYPTOCURRENCIES, FIAT_DECIMALS, formatAmount } from '@p2p/shared';
import { useI18n } from '@/i18n';
import { useCurrency } from '@/lib/currency';
import { EMPTY } from '@/lib/format';
import { useFormat } from '@/lib/use-format';
import type { MarketPricesState } from '../api/prices';
import { marketPriceMinor } from '../lib/prices';

type PricesQuery = {
  data: MarketPricesState | undefined;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
};

/**
 * Live / cache / demo («Демо-цены», never a market's) / loading / error, with the time of the
 * prices. Fallback prices are
 * an outage: the page says so once, in its own note, so the indicator stays silent then.
 */
export function PriceSourceIndicator({ query }: { query: PricesQuery }) {
  const { t } = useI18n();
  const fmt = useFormat();
  if (query.isPending) {
    return (
      <span className="price-source price-source--loading" role="status">
        <span className="spinner spinner--sm" aria-hidden="true" /> {t('market.prices.loading')}
      </span>
    );
  }
  if (query.isError || !query.data) {
    return (
      <span className="price-source price-source--error" role="status" title={query.error?.message}>
        {t('market.prices.error')}
      </span>
    );
  }
  const { source, updatedAt } = query.data;
  if (source === 'fallback') return null;
  const time = fmt.time(updatedAt);
  return (
    <span className={`price-source price-source--${source}`} role="status">
      <span className="price-source__dot" aria-hidden="true" />
      {t(`market.prices.${source}`, { time })}
    </span>
  );
}

/** Reference prices of the traded coins in the display currency; 24 h change only for real quotes. */
export function PriceTicker({ prices }: { prices: MarketPricesState }) {
  const { t } = useI18n();
  const fmt = useFormat();
  const currency = useCurrency();
  // Reference prices in whole rubles, dollars with cents.
  const digits = currency === 'RUB' ? 0 : FIAT_DECIMALS;
  return (
    // A scrolling strip on phones: focusable so it can be scrolled from the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
    <ul className="price-ticker" aria-label={t('market.prices.title')} tabIndex={0}>
      {CRYPTOCURRENCIES.map((coin) => {
        const minor = marketPriceMinor(prices.prices, coin, currency);
        const quote = prices.prices[COIN_IDS[coin]];
        const change = currency === 'RUB' ? quote?.rub_24h_change : quote?.usd_24h_change;
        const showChange = prices.source !== 'fallback' && typeof change === 'number';
        const tenths = showChange ? BigInt(Math.round((change as number) * 10)) : 0n;
        return (
          <li key={coin} className="price-ticker__item">
            <span className="price-ticker__coin">{coin}</span>
            <span className="num">
              {minor === null ? EMPTY : fmt.fiat(formatAmount(minor, FIAT_DECIMALS), currency, digits)}
            </span>
            {showChange ? (
              <span
                className={`price-ticker__change num ${tenths > 0n ? 'is-up' : tenths < 0n ? 'is-down' : ''}`}
                title={t('market.prices.change24h')}
              >
                {fmt.tenths(tenths)}
              </span>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
