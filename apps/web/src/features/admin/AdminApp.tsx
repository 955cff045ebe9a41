import { MessageState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Navigate, Route, Routes } from '@/lib/router';
import { AdminShell } from './components/AdminShell';
import { AdminsOnly, RequireStaff } from './components/RequireStaff';
import { ApprovalsPage } from './routes/ApprovalsPage';
import { AuditPage } from './routes/AuditPage';
import { BalancePage } from './routes/BalancePage';
import { DashboardPage } from './routes/DashboardPage';
import { DisputeCasePage } from './routes/DisputeCasePage';
import { DisputesPage } from './routes/DisputesPage';
import { LoginPage } from './routes/LoginPage';
import { SecurityPage } from './routes/SecurityPage';
import { SecurityReportsPage } from './routes/SecurityReportsPage';
import { UserPage } from './routes/UserPage';
import { UsersPage } from './routes/UsersPage';
import { WithdrawalsPage } from './routes/WithdrawalsPage';
import { AdminSessionProvider } from './session';
import './admin.css';

function AdminNotFound() {
  const t = useT();
  return <MessageState title={t('notFound.title')} />;
}

/**
 * The back-office console under /admin/*. Loaded as its own chunk: users of the
 * marketplace never download it.
 */
export function AdminApp() {
  return (
    <AdminSessionProvider>
      <Routes>
        <Route path="login" element={<LoginPage />} />
        <Route element={<RequireStaff />}>
          <Route element={<AdminShell />}>
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="users/:id" element={<UserPage />} />
            <Route
              path="balance"
              element={
                <AdminsOnly>
                  <BalancePage />
                </AdminsOnly>
              }
            />
            <Route path="withdrawals" element={<WithdrawalsPage />} />
            <Route path="audit" element={<AuditPage />} />
            <Route path="approvals" element={<ApprovalsPage />} />
            <Route path="disputes" element={<DisputesPage />} />
            <Route path="disputes/:id" element={<DisputeCasePage />} />
            <Route path="security" element={<SecurityPage />} />
            <Route path="security-reports" element={<SecurityReportsPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Route>
      </Routes>
    </AdminSessionProvider>
  );
}
