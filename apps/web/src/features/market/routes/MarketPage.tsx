import { Link } from 'react-router';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { useSession } from '@/features/auth';
import { useT } from '@/i18n';

/** Home: the order market arrives with the orders module; until then, an honest placeholder. */
export function MarketPage() {
  const t = useT();
  const { user } = useSession();
  const actions = user ? (
    <Link to="/dashboard" className="btn btn--primary">
      {t('common.dashboard')}
    </Link>
  ) : (
    <Link to="/auth" className="btn btn--primary">
      {t('header.login')}
    </Link>
  );
  return <ComingSoon titleKey="page.market" textKey="page.marketText" actions={actions} />;
}
