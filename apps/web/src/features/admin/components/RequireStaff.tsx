import { LoadingState, MessageState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Navigate, Outlet, useLocation } from '@/lib/router';
import { useAdminSession } from '../session';

/** Anyone without a staff session goes to /admin/login; meanwhile 'checking access'. */
export function RequireStaff() {
  const t = useT();
  const { status, recheck } = useAdminSession();
  const location = useLocation();
  if (status === 'checking')
    return (
      <main className="bo-center">
        <LoadingState text={t('bo.checking')} />
      </main>
    );
  if (status === 'unreachable')
    return (
      <main className="bo-center" role="alert">
        <MessageState title={t('api.network')}>
          <button type="button" className="btn btn--primary" onClick={recheck}>
            {t('bo.retry')}
          </button>
        </MessageState>
      </main>
    );
  if (status === 'signedOut')
    return <Navigate to="/admin/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

/** A screen only administrators use (moderators get an honest refusal, the server enforces it too). */
export function AdminsOnly({ children }: { children: React.ReactNode }) {
  const t = useT();
  const { admin } = useAdminSession();
  if (admin?.role !== 'admin') return <MessageState title={t('bo.adminsOnlyScreen')} />;
  return <>{children}</>;
}
