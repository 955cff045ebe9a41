import type { CaseApprovalRef } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { useAdminSession } from '../session';
import { staffName } from './ApprovalCard';

/**
 * A dispute case whose resolution waits for a second admin (four eyes, docs/decisions/023):
 * what was proposed, by whom, and that nothing has moved. Its proposer may withdraw it; anyone
 * else is pointed at the approvals page.
 */
export function CaseApprovalNotice({ tradeId, approval }: { tradeId: string; approval: CaseApprovalRef }) {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  const { admin } = useAdminSession();
  const [asking, setAsking] = useState(false);
  const mine = admin?.id === approval.proposedBy.id;
  const withdraw = useMutation({
    mutationFn: () => adminApi.cancelApproval(approval.id),
    onSuccess: () => toast.success(t('staffSafety.done.cancelled')),
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'disputes', 'case', tradeId] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
    },
  });
  return (
    <section
      className="alert alert--warn bo-approval-notice"
      data-testid="case-pending-approval"
      role="status"
    >
      <p className="bo-strong">{t('staffSafety.pendingSecondAdmin')}</p>
      <p>
        {t('staffSafety.case.pendingText', {
          outcome: t(
            approval.outcome === 'release' ? 'staffSafety.outcome.release' : 'staffSafety.outcome.refund',
          ),
          usd: fmt.fiat(approval.usdValue, 'USD'),
          name: staffName(approval.proposedBy),
          when: fmt.dateTime(approval.proposedAt),
        })}
      </p>
      <p className="bo-break">{t('staffSafety.case.reason', { reason: approval.reason })}</p>
      <div className="bo-actions">
        {mine ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm"
            disabled={withdraw.isPending}
            onClick={() => setAsking(true)}
          >
            {t('staffSafety.withdraw')}
          </button>
        ) : (
          <Link to="/admin/approvals" className="btn btn--ghost btn--sm">
            {t('staffSafety.openApprovals')}
          </Link>
        )}
      </div>
      {asking ? (
        <ConfirmDialog
          open
          title={t('staffSafety.withdrawTitle')}
          text={t('staffSafety.withdrawText')}
          confirmLabel={t('staffSafety.withdraw')}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            withdraw.mutate();
          }}
        />
      ) : null}
    </section>
  );
}
