import type { TradeView } from '@p2p/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { Icon } from '@/components/ui/Icon';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { type TradeListFilter, tradeApi, tradeKeys } from '@/features/trade';
import { type MessageKey, useT } from '@/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { TradeListRow } from '../components/TradeListRow';
import '../my-trades.css';

/** My trades page by 50. */
const PAGE_SIZE = 50;

type Tab = 'all' | 'active' | 'completed' | 'cancelled' | 'disputed';
const TABS: { tab: Tab; label: MessageKey; filter: TradeListFilter }[] = [
  { tab: 'all', label: 'myTrades.tab.all', filter: {} },
  { tab: 'active', label: 'myTrades.tab.active', filter: { active: true } },
  { tab: 'completed', label: 'myTrades.tab.completed', filter: { status: 'COMPLETED' } },
  { tab: 'cancelled', label: 'myTrades.tab.cancelled', filter: { status: 'CANCELLED' } },
  { tab: 'disputed', label: 'myTrades.tab.disputed', filter: { status: 'DISPUTED' } },
];

/** The page's data: counters, the tab's list (grown by pages), and deleting a trade. */
function useMyTrades(tab: Tab, limit: number) {
  const t = useT();
  const queryClient = useQueryClient();
  const filter = { ...(TABS.find((x) => x.tab === tab)?.filter ?? {}), limit, offset: 0 };
  const stats = useQuery({ queryKey: tradeKeys.stats, queryFn: tradeApi.stats, retry: false });
  const list = useQuery({
    queryKey: tradeKeys.list(filter),
    queryFn: () => tradeApi.list(filter),
    retry: false,
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: string) => tradeApi.softDelete(id),
    onSuccess: () => {
      toast.success(t('myTrades.deleted'));
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    },
    onError: (e) =>
      toast.error(t('myTrades.deleteFailed', { reason: e.message || t('myTrades.unknownError') })),
  });
  const refresh = () => {
    void stats.refetch();
    void list.refetch();
  };
  return { stats, list, remove, refresh };
}

/** /my-trades: counters that filter, the list, open and delete. */
export function MyTradesPage() {
  const t = useT();
  useDocumentTitle(t('page.myTrades'));
  const [tab, setTab] = useState<Tab>('all');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [deleting, setDeleting] = useState<TradeView | null>(null);
  const { stats, list, remove, refresh } = useMyTrades(tab, limit);

  return (
    <section className="page my-trades" aria-labelledby="my-trades-title">
      <div className="page__head page__head--split">
        <h1 id="my-trades-title" className="page__title">
          {t('page.myTrades')}
        </h1>
        <button type="button" className="btn btn--ghost btn--sm" onClick={refresh} disabled={list.isFetching}>
          <Icon name="refresh" size={16} className={list.isFetching ? 'tr-spin' : undefined} />{' '}
          {t('myTrades.refresh')}
        </button>
      </div>
      <TradeTabs
        tab={tab}
        stats={stats.data}
        onTab={(next) => {
          setTab(next);
          setLimit(PAGE_SIZE);
        }}
      />
      <TradeList
        list={list}
        filtered={tab !== 'all'}
        deletingId={remove.isPending ? remove.variables : undefined}
        onDelete={setDeleting}
        onMore={() => setLimit((n) => n + PAGE_SIZE)}
        onRefresh={refresh}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('myTrades.deleteTitle')}
        text={t('myTrades.deleteConfirm')}
        confirmLabel={t('myTrades.delete')}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

type TradeStats = Awaited<ReturnType<typeof tradeApi.stats>>;

/** The tabs, each with its count (a dash until the counters are there). */
function TradeTabs({
  tab,
  stats,
  onTab,
}: {
  tab: Tab;
  stats: TradeStats | undefined;
  onTab: (tab: Tab) => void;
}) {
  const t = useT();
  const counts: Record<Tab, number | undefined> = {
    all: stats?.totalTrades,
    active: stats?.activeTrades,
    completed: stats?.completedTrades,
    cancelled: stats?.cancelledTrades,
    disputed: stats?.disputedTrades,
  };
  return (
    <div className="mt-tabs" role="tablist" aria-label={t('myTrades.filter')}>
      {TABS.map((x) => (
        <button
          key={x.tab}
          type="button"
          role="tab"
          aria-selected={tab === x.tab}
          className={`mt-tab mt-tab--${x.tab}`}
          onClick={() => onTab(x.tab)}
        >
          <span className="mt-tab__count num">{counts[x.tab] ?? '—'}</span>
          <span className="mt-tab__label">{t(x.label)}</span>
        </button>
      ))}
    </div>
  );
}

interface TradeListProps {
  list: ReturnType<typeof useMyTrades>['list'];
  /** A tab other than "all" is chosen: its empty text says so. */
  filtered: boolean;
  deletingId: string | undefined;
  onDelete: (trade: TradeView) => void;
  onMore: () => void;
  onRefresh: () => void;
}

/** Loading, error, empty, or the rows with "show more" while there are more. */
function TradeList({ list, filtered, deletingId, onDelete, onMore, onRefresh }: TradeListProps) {
  const t = useT();
  if (list.isPending) return <LoadingState text={t('myTrades.loading')} />;
  if (list.isError) {
    return (
      <MessageState title={t('myTrades.loadError')} text={list.error.message}>
        <button type="button" className="btn btn--primary" onClick={onRefresh}>
          {t('myTrades.refresh')}
        </button>
      </MessageState>
    );
  }
  if (list.data.trades.length === 0) {
    return (
      <div className="panel tr-empty">
        <p>{t(filtered ? 'myTrades.emptyFiltered' : 'myTrades.empty')}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="mt-list" aria-busy={list.isFetching || undefined}>
        {list.data.trades.map((trade) => (
          <TradeListRow
            key={trade.id}
            trade={trade}
            deleting={deletingId === trade.id}
            onDelete={() => onDelete(trade)}
          />
        ))}
      </ul>
      {list.data.hasNext ? (
        <button type="button" className="btn btn--ghost mt-more" onClick={onMore} disabled={list.isFetching}>
          {t('myTrades.more', { shown: list.data.trades.length, total: list.data.total })}
        </button>
      ) : null}
    </>
  );
}
