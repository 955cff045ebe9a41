import { decimalsOf, type OrderView } from '@p2p/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import {
  OrderDetailPanel,
  orderKeys,
  PANEL_CLOSE_DELAY_MS,
  unmetForViewer,
  useOrderBook,
} from '@/features/orders';
import { type Lang, useI18n } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { type MarketPricesState, useMarketPrices } from '../api/prices';

import { MarketFilters, useMarketFilters } from '../components/MarketFilters';
import { OrderColumn } from '../components/OrderColumn';
import { PriceSourceIndicator, PriceTicker } from '../components/PriceSource';
import { marketPriceMinor, priceDeviationText } from '../lib/prices';
import '../market.css';

/** Before the first answer: the strip's cells with dashes, keeping its height. */
const PRICES_PENDING: MarketPricesState = { prices: {}, source: 'fallback', updatedAt: '', message: null };

/** The order panel: which order is open (kept a moment after closing, for its exit), and whether it shows. */
function useOrderPanel() {
  const [selected, setSelected] = useState<{ order: OrderView; withForm: boolean } | null>(null);
  const [panelOpen, setPanelOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  const openOrder = (order: OrderView, withForm: boolean) => {
    clearTimeout(closeTimer.current);
    setSelected({ order, withForm });
    setPanelOpen(true);
  };
  const closePanel = () => {
    setPanelOpen(false);
    clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setSelected(null), PANEL_CLOSE_DELAY_MS);
  };
  return { selected, panelOpen, openOrder, closePanel };
}

/** Both sides of the book under the filters, with each side's total and their sum. */
function useBooks(filter: ReturnType<typeof useMarketFilters>['book']) {
  const books = {
    buy: useOrderBook({ type: 'buy', ...filter }),
    sell: useOrderBook({ type: 'sell', ...filter }),
  };
  const buyTotal = books.buy.data?.pages[0]?.total;
  const sellTotal = books.sell.data?.pages[0]?.total;
  const activeCount = buyTotal === undefined || sellTotal === undefined ? null : buyTotal + sellTotal;
  // Each side stops counting at 1000 (docs/decisions/019): the sum is then "at least".
  const countCapped = Boolean(
    books.buy.data?.pages[0]?.totalCapped || books.sell.data?.pages[0]?.totalCapped,
  );
  return { books, buyTotal, sellTotal, activeCount, countCapped };
}

/** An order's price against the market, only against real quotes: the fallback table is not a market. */
function deviationFrom(prices: MarketPricesState | undefined, lang: Lang) {
  const quotes = prices && prices.source !== 'fallback' ? prices.prices : undefined;
  return (order: OrderView) =>
    priceDeviationText(
      order.price_per_unit,
      marketPriceMinor(quotes, order.cryptocurrency, order.fiat_currency),
      lang,
      decimalsOf(order.fiat_currency),
    );
}

/** Home: the order book, both sides, filtered by coin, fiat and payment method. */
export function MarketPage() {
  const { t, lang } = useI18n();
  useDocumentTitle(null);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const prices = useMarketPrices();
  const filters = useMarketFilters();
  const [phoneTab, setPhoneTab] = useState<'buy' | 'sell'>('sell');
  const { selected, panelOpen, openOrder, closePanel } = useOrderPanel();
  const { books, buyTotal, sellTotal, activeCount, countCapped } = useBooks(filters.book);

  const deviation = deviationFrom(prices.data, lang);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'book'] });
    void prices.refetch();
  };

  return (
    <section className="page market" aria-labelledby="market-title">
      <MarketHead prices={prices} activeCount={activeCount} countCapped={countCapped} onRefresh={refresh} />

      {/* The strip keeps its place while prices load (dashes), so nothing below jumps (CLS). */}
      <PriceTicker prices={prices.data ?? PRICES_PENDING} />

      <MarketFilters filters={filters} />

      <PhoneTabs tab={phoneTab} buyTotal={buyTotal} sellTotal={sellTotal} onTab={setPhoneTab} />

      <div className="market-columns">
        {(['buy', 'sell'] as const).map((type) => (
          <OrderColumn
            key={type}
            type={type}
            book={books[type]}
            isOwn={(order) => order.user_id === user?.id}
            deviation={deviation}
            unmet={(order) => unmetForViewer(order, user)}
            onOpen={openOrder}
            hiddenOnPhone={phoneTab !== type}
          />
        ))}
      </div>

      {/* Below the columns: the note appears when the prices answer, after the first paint, and
          must not push the order book down (CLS); the strip's source label says it at the top. */}
      {prices.data?.source === 'fallback' ? (
        <p className="alert alert--warn market-note small" role="status">
          {t('market.prices.fallbackNote')}
        </p>
      ) : null}
      {prices.data?.source === 'demo' ? (
        <p className="alert alert--warn market-note small" role="status">
          {t('market.prices.demoNote')}
        </p>
      ) : null}

      {selected ? (
        // The panel's code loads when an order is first opened.
        <Suspense fallback={null}>
          <OrderDetailPanel
            key={selected.order.id}
            order={selected.order}
            open={panelOpen}
            onClose={closePanel}
            startWithForm={selected.withForm}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

interface MarketHeadProps {
  prices: ReturnType<typeof useMarketPrices>;
  /** Active orders on both sides; null while loading. */
  activeCount: number | null;
  /** A side stopped counting: the count is "at least". */
  countCapped: boolean;
  onRefresh: () => void;
}

/** The title, how many orders are active, the prices' source and the refresh button. */
function MarketHead({ prices, activeCount, countCapped, onRefresh }: MarketHeadProps) {
  const { t } = useI18n();
  return (
    <div className="market-head">
      <div>
        <h1 id="market-title" className="page__title">
          {t('page.market')}
        </h1>
        <p className="muted small num" aria-live="polite">
          {activeCount === null
            ? t('market.activeCountLoading')
            : countCapped
              ? t('market.activeCountCapped', { count: activeCount })
              : t('market.activeCount', { count: activeCount })}
        </p>
      </div>
      <div className="market-head__tools">
        <PriceSourceIndicator query={prices} />
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={onRefresh}
          aria-label={t('orders.refresh')}
        >
          <Icon name="refresh" size={16} /> <span className="hide-sm">{t('orders.refresh')}</span>
        </button>
      </div>
    </div>
  );
}

interface PhoneTabsProps {
  tab: 'buy' | 'sell';
  buyTotal: number | undefined;
  sellTotal: number | undefined;
  onTab: (tab: 'buy' | 'sell') => void;
}

/** On a phone one side shows at a time: "buy" lists the sell orders, "sell" the buy orders. */
function PhoneTabs({ tab, buyTotal, sellTotal, onTab }: PhoneTabsProps) {
  const { t } = useI18n();
  return (
    <fieldset className="segmented market-tabs">
      <legend className="sr-only">{t('market.tabs')}</legend>
      <button
        type="button"
        className="segmented__item"
        aria-pressed={tab === 'sell'}
        onClick={() => onTab('sell')}
      >
        {t('market.tab.buy')} <span className="num">{sellTotal ?? ''}</span>
      </button>
      <button
        type="button"
        className="segmented__item"
        aria-pressed={tab === 'buy'}
        onClick={() => onTab('buy')}
      >
        {t('market.tab.sell')} <span className="num">{buyTotal ?? ''}</span>
      </button>
    </fieldset>
  );
}
