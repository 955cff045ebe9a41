import { LoadingState } from '@/components/ui/Status';
import { useT } from '@/i18n';
import { Navigate, Outlet, useLocation } from '@/lib/router';
import { useSession } from '../session';

/** Guard for private routes: wait for the session, else send the visitor to /auth?return=... */
export function RequireAuth() {
  const { status } = useSession();
  const location = useLocation();
  const t = useT();
  if (status === 'loading') {
    return (
      <div className="page">
        <LoadingState text={t('auth.checking')} />
      </div>
    );
  }
  if (status === 'signed-out') {
    const target = encodeURIComponent(location.pathname + location.search);
    return <Navigate replace to={`/auth?return=${target}`} />;
  }
  return <Outlet />;
}
