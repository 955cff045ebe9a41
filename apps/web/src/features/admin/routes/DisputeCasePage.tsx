import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import { shortId } from '@/lib/format';
import { Link, useParams } from '@/lib/router';
import { adminApi } from '../api/admin-api';
import { CaseApprovalNotice } from '../components/CaseApprovalNotice';
import { CaseHead, CaseMain, CaseSide } from '../components/CasePanels';
import { AdminPage, ListState } from '../components/common';

/** /admin/disputes/:id: everything the desk needs to run a dispute to its outcome. */
export function DisputeCasePage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: ['admin', 'disputes', 'case', id],
    queryFn: () => adminApi.dispute(id),
    refetchInterval: 5_000,
  });
  const title = t('bo.case.title', { id: shortId(id) });
  const dispute = query.data;
  if (!dispute)
    return (
      <AdminPage title={title}>
        <ListState
          loading={query.isPending}
          error={query.error}
          empty={false}
          errorTitle={t('bo.case.loadError')}
          emptyTitle=""
          onRetry={() => void query.refetch()}
        />
      </AdminPage>
    );
  const { trade } = dispute;
  return (
    <AdminPage
      title={title}
      tools={
        <Link to="/admin/disputes" className="btn btn--ghost btn--sm">
          {t('bo.case.back')}
        </Link>
      }
    >
      <CaseHead dispute={dispute} />
      {trade.status === 'DISPUTED' && dispute.pendingApproval ? (
        <CaseApprovalNotice tradeId={trade.id} approval={dispute.pendingApproval} />
      ) : null}
      <div className="bo-case">
        <CaseMain dispute={dispute} />
        <CaseSide dispute={dispute} />
      </div>
    </AdminPage>
  );
}
