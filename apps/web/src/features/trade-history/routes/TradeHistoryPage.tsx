import type { TradeHistoryList } from '@p2p/shared';
import { useCallback, useState } from 'react';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useSearchParams } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { downloadHistoryCsv, useTradeHistory } from '../api/history-api';
import { HistoryFilters } from '../components/HistoryFilters';
import { HistoryRow } from '../components/HistoryRow';
import { HistoryStats } from '../components/HistoryStats';
import {
  filterFromParams,
  filterToParams,
  HISTORY_PAGE_SIZE,
  type HistoryFilter,
  isFiltered,
} from '../lib/filters';
import '../trade-history.css';

/** The CSV of every trade matching the filter, named by today's date. */
function useCsvExport(filter: HistoryFilter) {
  const t = useT();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadHistoryCsv(filter, `trades-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (e) {
      toast.error(t('tradeHistory.exportFailed', { reason: (e as Error).message }));
    } finally {
      setExporting(false);
    }
  };
  return { exporting, exportCsv };
}

/** /trade-history: every trade of mine, filtered, searched, paged, exported. */
export function TradeHistoryPage() {
  const t = useT();
  useDocumentTitle(t('page.tradeHistory'));
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const history = useTradeHistory(filter);
  const { exporting, exportCsv } = useCsvExport(filter);
  const change = useCallback(
    (next: HistoryFilter) => setParams(filterToParams(next), { replace: true }),
    [setParams],
  );
  const go = (page: number) => {
    setParams(filterToParams({ ...filter, page }));
    window.scrollTo({ top: 0 });
  };

  return (
    <section className="page th" aria-labelledby="th-title">
      <div className="page__head page__head--split">
        <h1 id="th-title" className="page__title">
          {t('page.tradeHistory')}
        </h1>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={exportCsv}
          disabled={exporting || !history.data || history.data.total === 0}
        >
          <Icon name="download" size={16} />{' '}
          {exporting ? t('tradeHistory.exporting') : t('tradeHistory.export')}
        </button>
      </div>
      {history.data ? <HistoryStats stats={history.data.stats} /> : null}
      <HistoryFilters filter={filter} onChange={change} />
      {history.isPending ? (
        <LoadingState text={t('myTrades.loading')} />
      ) : history.isError ? (
        <MessageState title={t('myTrades.loadError')} text={history.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => history.refetch()}>
            {t('myTrades.refresh')}
          </button>
        </MessageState>
      ) : history.data.trades.length === 0 ? (
        <div className="panel th-empty">
          <p>{t(isFiltered(filter) ? 'tradeHistory.emptyFiltered' : 'myTrades.empty')}</p>
        </div>
      ) : (
        <HistoryResults list={history.data} fetching={history.isFetching} page={filter.page} onPage={go} />
      )}
    </section>
  );
}

/** The count found, this page's trades, and the pager. */
function HistoryResults({
  list,
  fetching,
  page,
  onPage,
}: {
  list: TradeHistoryList;
  fetching: boolean;
  page: number;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(list.total / HISTORY_PAGE_SIZE));
  return (
    <>
      <p className="muted small" aria-live="polite">
        {t('tradeHistory.found', { count: list.total })}
      </p>
      <ul className="th-list" aria-busy={fetching || undefined}>
        {list.trades.map((trade) => (
          <HistoryRow key={trade.id} trade={trade} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="th-pager" aria-label={t('tradeHistory.pages')}>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={page <= 1 || fetching}
            onClick={() => onPage(page - 1)}
          >
            {t('tradeHistory.prev')}
          </button>
          <span className="num" aria-current="page">
            {t('tradeHistory.page', { page, pages })}
          </span>
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={!list.hasNext || fetching}
            onClick={() => onPage(page + 1)}
          >
            {t('tradeHistory.next')}
          </button>
        </nav>
      ) : null}
    </>
  );
}
