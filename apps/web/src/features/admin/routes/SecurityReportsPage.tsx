import { isMessageKey, type SecurityReportView } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { Link } from '@/lib/router';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { AdminPage, ListState } from '../components/common';
import { useIsAdmin } from '../session';

const REPORTS_KEY = ['admin', 'security-reports'] as const;

/**
 * /admin/security-reports: the open «Это не я» cases (docs/decisions/033, "Security events"),
 * the oldest first: who, which event they answered, when. «Снять удержание» (admins) asks a
 * second time, then clears the hold and closes the case (audited).
 */
export function SecurityReportsPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<SecurityReportView | null>(null);
  const query = useQuery({ queryKey: REPORTS_KEY, queryFn: adminApi.securityReports });
  const clear = useMutation({
    mutationFn: (id: string) => adminApi.clearSecurityReport(id),
    onSuccess: () => {
      toast.success(t('bo.securityReports.cleared'));
      void queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
    },
    onError: (error) => toast.error(error.message || t('bo.actionFailed')),
  });
  const reports = query.data?.reports ?? [];
  return (
    <AdminPage title={t('bo.securityReports.title')}>
      <p className="muted small">{t('bo.securityReports.hint')}</p>
      <ListState
        loading={query.isPending}
        error={query.error}
        empty={reports.length === 0}
        errorTitle={t('bo.actionFailed')}
        emptyTitle={t('bo.securityReports.empty')}
        onRetry={() => void query.refetch()}
      />
      <ul className="bo-cards" aria-label={t('bo.securityReports.title')}>
        {reports.map((report) => (
          <ReportCard
            key={report.id}
            report={report}
            busy={clear.isPending && clear.variables === report.id}
            onClear={() => setAsking(report)}
          />
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={t('bo.securityReports.clear')}
        text={t('bo.securityReports.clearConfirm', { name: asking?.user.name ?? '' })}
        confirmLabel={t('bo.securityReports.clear')}
        onConfirm={() => {
          if (asking) clear.mutate(asking.id);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </AdminPage>
  );
}

function ReportCard({
  report,
  busy,
  onClear,
}: {
  report: SecurityReportView;
  busy: boolean;
  onClear: () => void;
}) {
  const t = useT();
  const fmt = useFormat();
  const admin = useIsAdmin();
  const eventKey = `security.event.${report.eventKind}`;
  return (
    <li className="panel bo-card" data-testid="security-report" data-report-id={report.id}>
      <dl className="bo-facts">
        <div>
          <dt>{t('bo.securityReports.user')}</dt>
          <dd className="bo-strong">
            <Link to={`/admin/users/${report.user.id}`}>{report.user.name}</Link>
          </dd>
        </div>
        <div>
          <dt>{t('bo.securityReports.event')}</dt>
          <dd>{isMessageKey(eventKey) ? t(eventKey) : report.eventKind}</dd>
        </div>
        <div>
          <dt>{t('bo.securityReports.when')}</dt>
          <dd className="num">{fmt.dateTime(report.createdAt)}</dd>
        </div>
      </dl>
      {admin ? (
        <div className="bo-actions">
          <button type="button" className="btn btn--primary btn--sm" disabled={busy} onClick={onClear}>
            {t('bo.securityReports.clear')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
