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

/** /my-trades: counters that filter, the list, open and delete. */
export function MyTradesPage() {
  const t = useT();
  useDocumentTitle(t('page.myTrades'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [deleting, setDeleting] = useState<TradeView | null>(null);
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

  const counts: Record<Tab, number | undefined> = {
    all: stats.data?.totalTrades,
    active: stats.data?.activeTrades,
    completed: stats.data?.completedTrades,
    cancelled: stats.data?.cancelledTrades,
    disputed: stats.data?.disputedTrades,
  };
  const refresh = () => {
    void stats.refetch();
    void list.refetch();
  };

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
      <div className="mt-tabs" role="tablist" aria-label={t('myTrades.filter')}>
        {TABS.map((x) => (
          <button
            key={x.tab}
            type="button"
            role="tab"
            aria-selected={tab === x.tab}
            className={`mt-tab mt-tab--${x.tab}`}
            onClick={() => {
              setTab(x.tab);
              setLimit(PAGE_SIZE);
            }}
          >
            <span className="mt-tab__count num">{counts[x.tab] ?? '—'}</span>
            <span className="mt-tab__label">{t(x.label)}</span>
          </button>
        ))}
      </div>
      {list.isPending ? (
        <LoadingState text={t('myTrades.loading')} />
      ) : list.isError ? (
        <MessageState title={t('myTrades.loadError')} text={list.error.message}>
          <button type="button" className="btn btn--primary" onClick={refresh}>
            {t('myTrades.refresh')}
          </button>
        </MessageState>
      ) : list.data.trades.length === 0 ? (
        <div className="panel tr-empty">
          <p>{t(tab === 'all' ? 'myTrades.empty' : 'myTrades.emptyFiltered')}</p>
        </div>
      ) : (
        <>
          <ul className="mt-list" aria-busy={list.isFetching || undefined}>
            {list.data.trades.map((trade) => (
              <TradeListRow
                key={trade.id}
                trade={trade}
                deleting={remove.isPending && remove.variables === trade.id}
                onDelete={() => setDeleting(trade)}
              />
            ))}
          </ul>
          {list.data.hasNext ? (
            <button
              type="button"
              className="btn btn--ghost mt-more"
              onClick={() => setLimit((n) => n + PAGE_SIZE)}
              disabled={list.isFetching}
            >
              {t('myTrades.more', { shown: list.data.trades.length, total: list.data.total })}
            </button>
          ) : null}
        </>
      )}
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
