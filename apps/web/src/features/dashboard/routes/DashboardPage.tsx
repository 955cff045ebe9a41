import { useState } from 'react';
import { Icon, type IconName } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import { NotificationsWidget } from '@/features/notifications';
import { useMyOrders } from '@/features/orders';
import { useWalletBalances } from '@/features/wallet';
import { type MessageKey, useI18n } from '@/i18n';
import { Link } from '@/lib/router';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useFormat } from '@/lib/use-format';
import { useOwnProfile, useTradeStats } from '../api/dashboard-api';
import { OrdersWidget } from '../components/OrdersWidget';
import { StatsWidget } from '../components/StatsWidget';
import { WalletWidget } from '../components/WalletWidget';
import '../dashboard.css';

const QUICK: { label: MessageKey; to: string; icon: IconName }[] = [
  { label: 'nav.createOrder', to: '/create-order', icon: 'plus' },
  { label: 'dashboard.topUp', to: '/wallet', icon: 'download' },
  { label: 'dashboard.history', to: '/trade-history', icon: 'list' },
  { label: 'dashboard.settings', to: '/profile', icon: 'sliders' },
];

export function DashboardPage() {
  const { t } = useI18n();
  const fmt = useFormat();
  useDocumentTitle(t('dashboard.title'));
  const { user, refetchUser } = useSession();
  const balances = useWalletBalances();
  const orders = useMyOrders();
  const stats = useTradeStats();
  const profile = useOwnProfile(user?.id ?? '');
  const [refreshing, setRefreshing] = useState(false);
  if (!user) return null;
  const today = fmt.date(new Date().toISOString(), 'weekday');

  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([
        refetchUser(),
        balances.refetch(),
        orders.refetch(),
        stats.refetch(),
        profile.refetch(),
      ]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <section className="page" aria-labelledby="dashboard-title">
      <div className="page__head page__head--split">
        <div>
          <h1 id="dashboard-title" className="page__title">
            {t('dashboard.welcome', { name: user.effectiveName })}
          </h1>
          <p className="muted first-upper">{today}</p>
        </div>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          aria-label={t('dashboard.refresh')}
          onClick={refresh}
          disabled={refreshing}
        >
          <Icon name="refresh" size={16} /> <span className="hide-sm">{t('dashboard.refresh')}</span>
        </button>
      </div>

      <QuickLinks />

      <div className="widget-grid">
        <WalletWidget balances={balances} />
        <OrdersWidget orders={orders} />
        <StatsWidget stats={stats} profile={profile} />
        <NotificationsWidget />
      </div>
    </section>
  );
}

/** Shortcuts to what the user comes for most. */
function QuickLinks() {
  const { t } = useI18n();
  return (
    <section className="panel" aria-labelledby="quick-title">
      <h2 id="quick-title" className="panel__title">
        {t('dashboard.quick')}
      </h2>
      <div className="quick-actions">
        {QUICK.map((action) => (
          <Link key={action.to + action.label} to={action.to} className="quick-action">
            <span className="quick-action__icon">
              <Icon name={action.icon} />
            </span>
            {t(action.label)}
          </Link>
        ))}
      </div>
    </section>
  );
}
