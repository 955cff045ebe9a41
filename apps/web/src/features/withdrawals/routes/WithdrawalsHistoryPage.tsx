import { WITHDRAWALS_PAGE_SIZE, type WithdrawalStatus, type WithdrawalView } from '@p2p/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadingState, MessageState } from '@/components/ui/Status';
import { toast } from '@/components/ui/toast';
import { useSocketEvent } from '@/features/realtime';
import { useT } from '@/i18n';
import { WALLET_KEY } from '@/lib/balances';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { WITHDRAWALS_KEY, withdrawalsApi } from '../api/withdrawals-api';
import { shortAddress } from '../lib/withdraw-form';
import '../withdrawals.css';

/** Filter tabs All, Pending, Processing, Completed. */
const TABS = ['all', 'PENDING', 'PROCESSING', 'COMPLETED'] as const;

/** /withdrawals/history: my withdrawals with status, explorer link and cancel; live by `withdrawal:updated`. */
export function WithdrawalsHistoryPage() {
  const t = useT();
  useDocumentTitle(t('page.withdrawHistory'));
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<(typeof TABS)[number]>('all');
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
      <fieldset className="segmented wd-tabs">
        <legend className="sr-only">{t('wdh.tabs')}</legend>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            className="segmented__item"
            aria-pressed={tab === name}
            onClick={() => setTab(name)}
          >
            {t(`wdh.tab.${name}`)}
          </button>
        ))}
      </fieldset>
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

const STATUS_BADGE: Record<WithdrawalStatus, string> = {
  PENDING: 'warn',
  APPROVED: 'primary',
  PROCESSING: 'primary',
  COMPLETED: 'buy',
  REJECTED: 'sell',
  FAILED: 'sell',
  CANCELLED: 'muted',
};

function WithdrawalRow({ withdrawal: w }: { withdrawal: WithdrawalView }) {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => withdrawalsApi.cancel(w.id),
    onSuccess: () => {
      toast.success(t('wdh.cancelled'));
      void queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
      void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li className="panel withdrawal-row" data-testid="withdrawal-row" data-status={w.status}>
      <div className="withdrawal-row__head">
        <strong className="num">{fmt.crypto(w.amount, w.cryptocurrency)}</strong>
        <span className="small muted">{w.network}</span>
        {w.internal ? <span className="badge badge--primary">{t('wd.internal')}</span> : null}
        <span className={`badge badge--${STATUS_BADGE[w.status]}`}>{t(`wd.status.${w.status}`)}</span>
      </div>
      <dl className="facts facts--inline small">
        <div>
          <dt>{t('wdh.address')}</dt>
          <dd className="mono" title={w.toAddress}>
            {shortAddress(w.toAddress)}
          </dd>
        </div>
        <div>
          <dt>{t('wdh.fee')}</dt>
          <dd className="num">{fmt.crypto(w.fee, w.cryptocurrency)}</dd>
        </div>
        {w.txHash ? (
          <div>
            <dt>{t('wdh.tx')}</dt>
            <dd className="mono">
              {w.explorerUrl ? (
                <a href={w.explorerUrl} target="_blank" rel="noreferrer noopener">
                  {shortAddress(w.txHash)}
                </a>
              ) : (
                shortAddress(w.txHash)
              )}
            </dd>
          </div>
        ) : null}
        {w.reviewNotes ? (
          <div>
            <dt>{t('wdh.notes')}</dt>
            <dd>{w.reviewNotes}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('wdh.created')}</dt>
          <dd>{fmt.dateTime(w.createdAt)}</dd>
        </div>
        {w.completedAt ? (
          <div>
            <dt>{t('wdh.completed')}</dt>
            <dd>{fmt.dateTime(w.completedAt)}</dd>
          </div>
        ) : null}
      </dl>
      {w.status === 'PROCESSING' ? (
        // Claimed by an operator: the coins are on their way, a cancel would answer 409 (023).
        <p className="small muted" data-testid="withdrawal-being-sent">
          {t('wdc.user.beingSent')}
        </p>
      ) : null}
      {w.cancellable ? (
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          disabled={cancel.isPending}
          onClick={() => setAsking(true)}
        >
          {t('wdh.cancel')}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('wdh.cancelTitle')}
        text={t('wdh.cancelText', { amount: fmt.crypto(w.total, w.cryptocurrency) })}
        confirmLabel={t('wdh.cancel')}
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          cancel.mutate();
        }}
      />
    </li>
  );
}
