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
import { type AskedAction, WithdrawalActionDialog } from '../components/WithdrawalActionDialog';
import { WithdrawalFacts } from '../components/WithdrawalFacts';
import {
  actionLabelKey,
  ClaimerLine,
  SendingDetails,
  WithdrawalSendingDialog,
} from '../components/WithdrawalSending';
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

type Decision = { id: string; action: StaffWithdrawalAction; body: { note?: string; txHash?: string } };

/** /admin/withdrawals: the queue, 20 a page, by status; admins decide, everyone sees the facts. */
export function WithdrawalsPage() {
  const t = useT();
  const id = useId();
  const isAdmin = useIsAdmin();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WithdrawalStatus | ''>('PENDING');
  const [asking, setAsking] = useState<{ withdrawal: AdminWithdrawalView; action: AskedAction } | null>(null);
  /** A claimed withdrawal being sent: its details and the transaction hash form. */
  const [sending, setSending] = useState<AdminWithdrawalView | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'withdrawals', page, status],
    queryFn: () => adminApi.withdrawals({ page, status: status || undefined }),
    placeholderData: keepPreviousData,
  });
  const decide = useMutation({
    mutationFn: (input: Decision) => adminApi.decideWithdrawal(input.id, input.action, input.body),
    onSuccess: (data, input) => {
      toast.success(t(input.action === 'processing' ? 'wdc.done.processing' : `bo.wd.done.${input.action}`));
      setAsking(null);
      // «Отправить» claimed it: now, and only now, the details to send with (docs/decisions/023).
      setSending(input.action === 'processing' ? data : null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    onError: (error) => {
      toast.error(error.message || t('bo.actionFailed'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    },
  });
  const onAction = (withdrawal: AdminWithdrawalView, action: StaffWithdrawalAction) => {
    if (action === 'processing') decide.mutate({ id: withdrawal.id, action, body: {} });
    else if (action === 'complete') setSending(withdrawal);
    else setAsking({ withdrawal, action });
  };
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
            claiming={decide.isPending && decide.variables?.id === w.id}
            onAction={(action) => onAction(w, action)}
          />
        ))}
      </ul>
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
      {asking ? (
        <WithdrawalActionDialog
          withdrawal={asking.withdrawal}
          action={asking.action}
          busy={decide.isPending}
          onClose={() => setAsking(null)}
          onSubmit={(body) => decide.mutate({ id: asking.withdrawal.id, action: asking.action, body })}
        />
      ) : null}
      {sending ? (
        <WithdrawalSendingDialog
          withdrawal={sending}
          busy={decide.isPending}
          onClose={() => setSending(null)}
          onSubmit={(body) => decide.mutate({ id: sending.id, action: 'complete', body })}
        />
      ) : null}
    </AdminPage>
  );
}

function WithdrawalCard({
  withdrawal: w,
  canDecide,
  claiming,
  onAction,
}: {
  withdrawal: AdminWithdrawalView;
  canDecide: boolean;
  claiming: boolean;
  onAction: (action: StaffWithdrawalAction) => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const beingSent = w.status === 'PROCESSING';
  return (
    <li
      className="panel bo-card"
      data-testid="withdrawal-row"
      data-withdrawal-id={w.id}
      data-status={w.status}
    >
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
        {beingSent ? null : (
          <div className="bo-facts__wide">
            <dt>{t('bo.wd.address')}</dt>
            <dd className="bo-break">
              <span className="bo-mono">{w.toAddress ?? w.addressPreview}</span>
              {w.toAddress ? null : <span className="wd-hidden-hint">{t('wdc.addressHidden')}</span>}
            </dd>
          </div>
        )}
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
        {w.claimedBy && !beingSent ? (
          <div>
            <dt>{t('wdc.claimedBy')}</dt>
            <dd>
              <ClaimerLine claimedBy={w.claimedBy} claimedAt={w.claimedAt} />
            </dd>
          </div>
        ) : null}
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
      {beingSent ? <SendingDetails withdrawal={w} /> : null}
      <WithdrawalFacts withdrawal={w} />
      {canDecide && w.availableActions.length > 0 ? (
        <div className="bo-actions">
          {w.availableActions.map((action) => (
            <button
              key={action}
              type="button"
              className={`btn btn--sm ${action === 'reject' || action === 'fail' ? 'btn--sell' : action === 'approve' || action === 'complete' ? 'btn--buy' : 'btn--primary'}`}
              disabled={action === 'processing' && claiming}
              onClick={() => onAction(action)}
            >
              {t(actionLabelKey(action))}
            </button>
          ))}
        </div>
      ) : null}
    </li>
  );
}
