import type { ApprovalView } from '@p2p/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { ApprovalCard } from '../components/ApprovalCard';
import { type ApprovalStep, ApprovalStepDialog } from '../components/ApprovalStepDialog';
import { AdminPage, ListState, Pager } from '../components/common';

type Acting = { approval: ApprovalView; step: ApprovalStep };
type State = 'pending' | 'decided';

/**
 * /admin/approvals: four eyes (docs/decisions/023). Resolutions and credits above
 * FOUR_EYES_USD wait here; a second admin approves (the money moves then) or rejects, the
 * proposer may withdraw their own. Buttons one may not use say why.
 */
export function ApprovalsPage() {
  const t = useT();
  const fmt = useFormat();
  const [state, setState] = useState<State>('pending');
  const [page, setPage] = useState(1);
  const [acting, setActing] = useState<Acting | null>(null);
  const query = useQuery({
    queryKey: ['admin', 'approvals', state, page],
    queryFn: () => adminApi.approvals({ state, page }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
  const decide = useApprovalDecision(() => setActing(null));
  const rows = query.data?.approvals ?? [];
  const threshold = query.data ? fmt.fiat(String(query.data.thresholdUsd), 'USD', 0) : '…';

  return (
    <AdminPage
      title={t('staffSafety.page.title')}
      tools={
        <StateFilter
          state={state}
          onState={(next) => {
            setState(next);
            setPage(1);
          }}
        />
      }
    >
      <p className="muted">{t('staffSafety.page.intro', { threshold })}</p>
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={rows.length === 0}
        errorTitle={t('staffSafety.page.loadError')}
        emptyTitle={t(state === 'pending' ? 'staffSafety.page.empty' : 'staffSafety.page.emptyDecided')}
        onRetry={() => void query.refetch()}
      />
      <ul className="bo-cards" aria-label={t('staffSafety.page.title')}>
        {rows.map((approval) => (
          <ApprovalCard
            key={approval.id}
            approval={approval}
            busy={decide.isPending}
            onStep={(step) => setActing({ approval, step })}
          />
        ))}
      </ul>
      {query.data ? <Pager pagination={query.data.pagination} onPage={setPage} /> : null}
      {acting ? (
        <ApprovalStepDialog
          approval={acting.approval}
          step={acting.step}
          busy={decide.isPending}
          onClose={() => setActing(null)}
          onSubmit={(note) => decide.mutate({ ...acting, note })}
        />
      ) : null}
    </AdminPage>
  );
}

/** Approve, reject or withdraw; the approvals, the disputes and the audit log reload either way. */
function useApprovalDecision(onDone: () => void) {
  const t = useT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ approval, step, note }: Acting & { note: string }) =>
      step === 'approve'
        ? adminApi.approve(approval.id, note || undefined)
        : step === 'reject'
          ? adminApi.reject(approval.id, note)
          : adminApi.cancelApproval(approval.id),
    onSuccess: (result) => {
      toast.success(t(`staffSafety.done.${result.status === 'pending' ? 'approved' : result.status}`));
      onDone();
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

/** Waiting or decided. */
function StateFilter({ state, onState }: { state: State; onState: (state: State) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="field bo-inline-field">
      <label className="field__label" htmlFor={`${id}-state`}>
        {t('staffSafety.page.state')}
      </label>
      <select
        id={`${id}-state`}
        className="input"
        value={state}
        onChange={(e) => onState(e.target.value as State)}
      >
        <option value="pending">{t('staffSafety.page.pending')}</option>
        <option value="decided">{t('staffSafety.page.decided')}</option>
      </select>
    </div>
  );
}
