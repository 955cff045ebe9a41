import { WITHDRAWALS_PAGE_SIZE } from '@p2p/shared';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useSocketEvent } from '@/features/realtime';
import { useT } from '@/i18n';
import { WALLET_KEY } from '@/lib/balances';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { WITHDRAWALS_KEY, withdrawalsApi } from '../api/withdrawals-api';
import { WithdrawalRow } from '../components/WithdrawalRow';
import '../withdrawals.css';

/** Filter tabs All, Pending, Processing, Completed. */
const TABS = ['all', 'PENDING', 'PROCESSING', 'COMPLETED'] as const;
type Tab = (typeof TABS)[number];

/** /withdrawals/history: my withdrawals with status, explorer link and cancel; live by `withdrawal:updated`. */
export function WithdrawalsHistoryPage() {
  const t = useT();
  useDocumentTitle(t('page.withdrawHistory'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<Tab>('all');
  const list = useInfiniteQuery({
    queryKey: [...WITHDRAWALS_KEY, 'mine', tab],
    queryFn: ({ pageParam }) =>
      withdrawalsApi.mine({
        status: tab === 'all' ? undefined : tab,
        limit: WITHDRAWALS_PAGE_SIZE,
        offset: pageParam,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.pagination.hasNext ? last.pagination.offset + last.pagination.limit : undefined,
  });
  useSocketEvent('withdrawal:updated', (event) => {
    toast(t('wdh.updated', { status: t(`wd.status.${event.status}`) }), {
      once: `wd-${event.withdrawalId}-${event.status}`,
    });
    void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
    void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
  });
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <section className="page" aria-labelledby="wdh-title">
      <div className="page__head page__head--split">
        <h1 id="wdh-title" className="page__title">
          {t('page.withdrawHistory')}
        </h1>
        <Link to="/withdrawals/request" className="btn btn--primary btn--sm">
          {t('wdh.toRequest')}
        </Link>
      </div>
      <StatusTabs tab={tab} onTab={setTab} />
      {list.isPending ? (
        <LoadingState text={t('common.loading')} />
      ) : list.isError ? (
        <MessageState title={t('wdh.loadError')} text={list.error.message}>
          <button type="button" className="btn btn--primary" onClick={() => list.refetch()}>
            {t('common.retry')}
          </button>
        </MessageState>
      ) : rows.length === 0 ? (
        <p className="empty panel">{t('wdh.empty')}</p>
      ) : (
        <ul className="withdrawal-list">
          {rows.map((w) => (
            <WithdrawalRow key={w.id} withdrawal={w} />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn btn--ghost"
          disabled={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {t('wdh.more')}
        </button>
      ) : null}
    </section>
  );
}

/** The status filter: All, Pending, Processing, Completed. */
function StatusTabs({ tab, onTab }: { tab: Tab; onTab: (tab: Tab) => void }) {
  const t = useT();
  return (
    <fieldset className="segmented wd-tabs">
      <legend className="sr-only">{t('wdh.tabs')}</legend>
      {TABS.map((name) => (
        <button
          key={name}
          type="button"
          className="segmented__item"
          aria-pressed={tab === name}
          onClick={() => onTab(name)}
        >
          {t(`wdh.tab.${name}`)}
        </button>
      ))}
    </fieldset>
  );
}
