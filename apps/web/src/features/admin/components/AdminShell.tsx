import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Icon, type IconName } from '@/components/ui/Icon';
import { LanguageSwitcher, type MessageKey, useT } from '@/i18n';
import { NavLink, Outlet } from '@/lib/router';
import { safeStorage } from '@/lib/storage';
import { adminApi } from '../api/admin-api';
import { useAdminSession } from '../session';

const COLLAPSED_KEY = 'admin_sidebar_collapsed';

const NAV: { to: string; label: MessageKey; icon: IconName }[] = [
  { to: '/admin/dashboard', label: 'bo.nav.dashboard', icon: 'grid' },
  { to: '/admin/disputes', label: 'bo.nav.disputes', icon: 'alert' },
  { to: '/admin/users', label: 'bo.nav.users', icon: 'user' },
  { to: '/admin/balance', label: 'bo.nav.balance', icon: 'wallet' },
  { to: '/admin/withdrawals', label: 'bo.nav.withdrawals', icon: 'download' },
  { to: '/admin/approvals', label: 'staffSafety.nav', icon: 'check' },
  { to: '/admin/security-reports', label: 'bo.securityReports.nav', icon: 'alert' },
  { to: '/admin/audit', label: 'bo.nav.audit', icon: 'list' },
  { to: '/admin/security', label: 'bo.nav.security', icon: 'shield' },
];

/**
 * The console's frame: a sidebar 256 px open, 80 px collapsed (remembered in localStorage);
 * on a phone the sidebar becomes a bar of icons along the top.
 */
export function AdminShell() {
  const t = useT();
  const [collapsed, toggle] = useCollapsed();
  return (
    <div className={`bo-shell${collapsed ? ' bo-shell--collapsed' : ''}`}>
      <a href="#bo-main" className="skip-link">
        {t('app.skip')}
      </a>
      <aside className="bo-sidebar" data-testid="bo-sidebar">
        <div className="bo-sidebar__top">
          <span className="bo-sidebar__brand">
            <Icon name="shield" size={20} />
            <span className="bo-sidebar__text">{t('bo.brand')}</span>
          </span>
          <button
            type="button"
            className="icon-btn bo-sidebar__toggle"
            aria-label={t(collapsed ? 'bo.sidebar.expand' : 'bo.sidebar.collapse')}
            aria-expanded={!collapsed}
            onClick={toggle}
          >
            <Icon name={collapsed ? 'menu' : 'arrowLeft'} />
          </button>
        </div>
        <AdminNav />
        <SidebarMe />
      </aside>
      <main id="bo-main" className="bo-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/** Whether the sidebar is collapsed, remembered across visits, and its toggle. */
function useCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => safeStorage.get(COLLAPSED_KEY) === '1');
  const toggle = () => {
    const next = !collapsed;
    setCollapsed(next);
    safeStorage.set(COLLAPSED_KEY, next ? '1' : '0');
  };
  return [collapsed, toggle];
}

/** The console's sections; «Одобрения» carries the count of proposals waiting. */
function AdminNav() {
  const t = useT();
  // Proposals waiting for a second admin (docs/decisions/023): the count beside «Одобрения».
  const waiting = useQuery({
    queryKey: ['admin', 'approvals', 'count'],
    queryFn: () => adminApi.approvals({ state: 'pending', limit: 1 }),
    refetchInterval: 30_000,
  }).data?.pendingCount;
  return (
    <nav aria-label={t('bo.nav.label')} className="bo-nav">
      {NAV.map((item) => {
        const count = item.to === '/admin/approvals' ? (waiting ?? 0) : 0;
        // The name starts with what the link shows ("Одобрения 1"), then says what the number is.
        const label = count > 0 ? `${t(item.label)} ${t('staffSafety.navCount', { count })}` : t(item.label);
        return (
          <NavLink key={item.to} to={item.to} className="bo-nav__link" title={label} aria-label={label}>
            <Icon name={item.icon} />
            <span className="bo-sidebar__text">{t(item.label)}</span>
            {/* A space apart, so the link reads "Одобрения 1", as its name starts. */}
            {count > 0 ? ' ' : null}
            {count > 0 ? (
              <span className="bo-nav__badge num" aria-hidden="true" data-testid="approvals-count">
                {count}
              </span>
            ) : null}
          </NavLink>
        );
      })}
    </nav>
  );
}

/** Who is signed in and their role, the language, and signing out. */
function SidebarMe() {
  const t = useT();
  const { admin, signOut } = useAdminSession();
  return (
    <div className="bo-sidebar__me">
      {admin ? (
        <p className="bo-sidebar__text small">
          <span className="bo-sidebar__who">
            {admin.firstName} {admin.lastName}
          </span>
          <span className="muted">{t(admin.role === 'admin' ? 'bo.role.admin' : 'bo.role.moderator')}</span>
        </p>
      ) : null}
      <div className="bo-sidebar__text">
        <LanguageSwitcher />
      </div>
      <button
        type="button"
        className="btn btn--ghost btn--sm bo-signout"
        aria-label={t('bo.signOut')}
        onClick={() => void signOut()}
      >
        <Icon name="logout" />
        <span className="bo-sidebar__text">{t('bo.signOut')}</span>
      </button>
    </div>
  );
}
