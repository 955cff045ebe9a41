import {
  CRYPTOCURRENCIES,
  isSwapPayment,
  PAYMENT_CURRENCIES,
  PAYMENT_METHODS,
  PAYMENT_METHODS_BY_FIAT,
} from '@p2p/shared';
import { useMemo } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useT } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { bookFilter, type FilterKey, readMarketFilters } from '../lib/filters';
import { FilterBar, type FilterOption } from './FilterBar';

/** The market's filters live in the address (shareable, back button works). */
export function useMarketFilters() {
  const [params, setParams] = useSearchParams();
  const { crypto, fiat, method } = readMarketFilters(params);
  const book = useMemo(() => bookFilter({ crypto, fiat, method }), [crypto, fiat, method]);
  const set = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const reset = () => setParams({}, { replace: true });
  return { values: { crypto, fiat, method }, book, set, reset };
}

/** Three filter rows (coin, fiat, payment method) and the active filters as removable chips. */
export function MarketFilters({ filters }: { filters: ReturnType<typeof useMarketFilters> }) {
  const t = useT();
  const fmt = useFormat();
  const { crypto, fiat, method } = filters.values;
  const all: FilterOption = { value: '', label: t('market.filters.all') };
  const rows = [
    {
      key: 'crypto' as const,
      label: t('market.filters.crypto'),
      options: CRYPTOCURRENCIES.map((c) => ({ value: c, label: c })),
    },
    {
      key: 'fiat' as const,
      label: t('market.filters.fiat'),
      // The fiats, then the coins: a coin of payment is an instant swap (docs/decisions/026).
      options: PAYMENT_CURRENCIES.map((c) => ({ value: c, label: c })),
    },
    {
      key: 'method' as const,
      label: t('market.filters.method'),
      // With a fiat chosen, only its methods (the others would find nothing).
      options: ((PAYMENT_METHODS_BY_FIAT as Record<string, readonly string[]>)[fiat] ?? PAYMENT_METHODS).map(
        (m) => ({
          value: m,
          label: fmt.paymentMethod(m),
        }),
      ),
    },
  ].filter((row) => !(row.key === 'method' && isSwapPayment(fiat))); // a swap has no payment methods
  const chips = [
    crypto ? { key: 'crypto' as const, label: crypto } : null,
    fiat ? { key: 'fiat' as const, label: fiat } : null,
    method ? { key: 'method' as const, label: fmt.paymentMethod(method) } : null,
  ].filter((chip) => chip !== null);
  return (
    <section className="panel market-filters" aria-label={t('market.filters.title')}>
      {rows.map((row) => (
        <FilterBar
          key={row.key}
          label={row.label}
          options={[all, ...row.options]}
          value={filters.values[row.key]}
          onChange={(value) => filters.set(row.key, value)}
        />
      ))}
      {chips.length > 0 ? (
        <div className="active-filters">
          <span className="small muted">{t('market.filters.active')}</span>
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              className="active-chip"
              onClick={() => filters.set(chip.key, '')}
              aria-label={t('market.filters.remove', { name: chip.label })}
            >
              {chip.label} <Icon name="close" size={12} />
            </button>
          ))}
          <button type="button" className="link-btn small" onClick={filters.reset}>
            {t('market.filters.reset')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
