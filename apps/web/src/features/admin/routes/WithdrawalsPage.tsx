import {
  type AdminWithdrawalView,
  type StaffWithdrawalAction,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@p2p/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState, Pager, userLabel } from '../components/common';
import { WithdrawalActionDialog } from '../components/WithdrawalActionDialog';
import { WithdrawalFacts } from '../components/WithdrawalFacts';
import { useIsAdmin } from '../session';

const PILL: Record<WithdrawalStatus, string> = {
  PENDING: 'warn',
  APPROVED: 'progress',
  PROCESSING: 'progress',
  COMPLETED: 'success',
  REJECTED: 'danger',
  FAILED: 'danger',
  CANCELLED: 'muted',
};

/** /admin/withdrawals: the queue, 20 a page, by status; admins decide, everyone sees the facts. */
export function WithdrawalsPage() {
  const t = useT();
  const id = useId();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WithdrawalStatus | ''>('PENDING');
  const [acting, setActing] = useState<{
    withdrawal: AdminWithdrawalView;
    action: StaffWithdrawalAction;
  } | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'withdrawals', page, status],
    queryFn: () => adminApi.withdrawals({ page, status: status || undefined }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: {
      id: string;
      action: StaffWithdrawalAction;
      body: { note?: string; txHash?: string };
    }) => adminApi.decideWithdrawal(input.id, input.action, input.body),
    onSuccess: (_data, input) => {
      toast.success(t(`bo.wd.done.${input.action}`));
      setActing(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
  const rows = query.data?.withdrawals ?? [];

  return (
    <AdminPage
      title={t('bo.wd.title')}
      tools={
        <div className="field bo-inline-field">
          <label className="field__label" htmlFor={`${id}-status`}>
            {t('bo.wd.status')}
          </label>
          <select
            id={`${id}-status`}
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as WithdrawalStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('bo.wd.all')}</option>
            {WITHDRAWAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`bo.wdStatus.${s}`)}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {isAdmin ? null : <p className="alert alert--warn">{t('bo.wd.readOnly')}</p>}
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={rows.length === 0}
        errorTitle={t('bo.wd.loadError')}
        emptyTitle={t('bo.wd.empty')}
        onRetry={() => void query.refetch()}
      />
      <ul className="bo-cards" aria-label={t('bo.wd.title')}>
        {rows.map((w) => (
          <WithdrawalCard
            key={w.id}
            withdrawal={w}
            canDecide={isAdmin}
            onAction={(action) => setActing({ withdrawal: w, action })}
          />
        ))}
      </ul>
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
      {acting ? (
        <WithdrawalActionDialog
          withdrawal={acting.withdrawal}
          action={acting.action}
          busy={decide.isPending}
          onClose={() => setActing(null)}
          onSubmit={(body) => decide.mutate({ id: acting.withdrawal.id, action: acting.action, body })}
        />
      ) : null}
    </AdminPage>
  );
}

function WithdrawalCard({
  withdrawal: w,
  canDecide,
  onAction,
}: {
  withdrawal: AdminWithdrawalView;
  canDecide: boolean;
  onAction: (action: StaffWithdrawalAction) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  return (
    <li className="panel bo-card" data-testid="withdrawal-row" data-withdrawal-id={w.id}>
      <div className="bo-card__head">
        <span className="bo-strong num">{fmt.crypto(w.amount, w.cryptocurrency)}</span>
        <span className={`status-pill status-pill--${PILL[w.status]}`}>{t(`bo.wdStatus.${w.status}`)}</span>
      </div>
      <dl className="bo-facts">
        <div>
          <dt>{t('bo.col.user')}</dt>
          <dd>
            <Link to={`/admin/users/${w.user.id}`}>{userLabel(w.user)}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('bo.wd.network')}</dt>
          <dd>{w.internal ? t('bo.wd.internal') : w.network}</dd>
        </div>
        <div className="bo-facts__wide">
          <dt>{t('bo.wd.address')}</dt>
          <dd className="bo-mono bo-break">{w.toAddress}</dd>
        </div>
        <div>
          <dt>{t('bo.wd.fee')}</dt>
          <dd className="num">{fmt.crypto(w.fee, w.cryptocurrency)}</dd>
        </div>
        <div>
          <dt>{t('bo.wd.totalLocked')}</dt>
          <dd className="num">{fmt.crypto(w.total, w.cryptocurrency)}</dd>
        </div>
        <div>
          <dt>{t('bo.wd.created')}</dt>
          <dd>{fmt.dateTime(w.createdAt)}</dd>
        </div>
        {w.txHash ? (
          <div className="bo-facts__wide">
            <dt>{t('bo.wd.txHash')}</dt>
            <dd className="bo-mono bo-break">{w.txHash}</dd>
          </div>
        ) : null}
        {w.reviewNotes ? (
          <div className="bo-facts__wide">
            <dt>{t('bo.wd.reviewNotes')}</dt>
            <dd>{w.reviewNotes}</dd>
          </div>
        ) : null}
      </dl>
      <WithdrawalFacts withdrawal={w} />
      {canDecide && w.availableActions.length > 0 ? (
        <div className="bo-actions">
          {w.availableActions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn--sm ${action === 'reject' || action === 'fail' ? 'btn--sell' : action === 'complete' || action === 'approve' ? 'btn--buy' : 'btn--ghost'}`}
              onClick={() => onAction(action)}
            >
              {t(`bo.wd.action.${action}`)}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
