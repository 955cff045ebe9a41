import {
  type AdminWithdrawalView,
  type StaffWithdrawalAction,
  WITHDRAWAL_STATUSES,
  type WithdrawalStatus,
} from '@p2p/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState, Pager } from '../components/common';
import { type AskedAction, WithdrawalActionDialog } from '../components/WithdrawalActionDialog';
import { WithdrawalCard } from '../components/WithdrawalCard';
import { WithdrawalSendingDialog } from '../components/WithdrawalSending';
import { useIsAdmin } from '../session';

type Decision = { id: string; action: StaffWithdrawalAction; body: { note?: string; txHash?: string } };

/** /admin/withdrawals: the queue, 20 a page, by status; admins decide, everyone sees the facts. */
export function WithdrawalsPage() {
  const t = useT();
  const isAdmin = useIsAdmin();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WithdrawalStatus | ''>('PENDING');
  const query = useQuery({
    queryKey: ['admin', 'withdrawals', page, status],
    queryFn: () => adminApi.withdrawals({ page, status: status || undefined }),
    placeholderData: keepPreviousData,
  });
  const { decide, asking, sending, onAction, closeAsking, closeSending } = useWithdrawalDecisions();
  const rows = query.data?.withdrawals ?? [];

  return (
    <AdminPage
      title={t('bo.wd.title')}
      tools={
        <StatusFilter
          status={status}
          onStatus={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
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
          onClose={closeAsking}
          onSubmit={(body) => decide.mutate({ id: asking.withdrawal.id, action: asking.action, body })}
        />
      ) : null}
      {sending ? (
        <WithdrawalSendingDialog
          withdrawal={sending}
          busy={decide.isPending}
          onClose={closeSending}
          onSubmit={(body) => decide.mutate({ id: sending.id, action: 'complete', body })}
        />
      ) : null}
    </AdminPage>
  );
}

/**
 * A decision on a request: «Отправить» claims at once, «Завершить» opens the sending dialog,
 * the others ask first. The queue and the audit log reload after each.
 */
function useWithdrawalDecisions() {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<{ withdrawal: AdminWithdrawalView; action: AskedAction } | null>(null);
  /** A claimed withdrawal being sent: its details and the transaction hash form. */
  const [sending, setSending] = useState<AdminWithdrawalView | null>(null);
  const decide = useMutation({
    mutationFn: (input: Decision) => adminApi.decideWithdrawal(input.id, input.action, input.body),
    onSuccess: (data, input) => {
      const proposed = 'pendingApproval' in data;
      if (proposed) toast.success(t('staffSafety.pendingSecondAdmin'));
      else
        toast.success(
          t(input.action === 'processing' ? 'wdc.done.processing' : `bo.wd.done.${input.action}`),
        );
      setAsking(null);
      // «Отправить» claimed it: now, and only now, the details to send with (docs/decisions/023).
      setSending(input.action === 'processing' && !proposed ? data : null);
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
  return {
    decide,
    asking,
    sending,
    onAction,
    closeAsking: () => setAsking(null),
    closeSending: () => setSending(null),
  };
}

function StatusFilter({
  status,
  onStatus,
}: {
  status: WithdrawalStatus | '';
  onStatus: (status: WithdrawalStatus | '') => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="field bo-inline-field">
      <label className="field__label" htmlFor={`${id}-status`}>
        {t('bo.wd.status')}
      </label>
      <select
        id={`${id}-status`}
        className="input"
        value={status}
        onChange={(e) => onStatus(e.target.value as WithdrawalStatus | '')}
      >
        <option value="">{t('bo.wd.all')}</option>
        {WITHDRAWAL_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`bo.wdStatus.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
