import type { UserView } from '@p2p/shared';
import { useId, useRef, useState } from 'react';
import { CurrencySwitcher } from '@/components/CurrencySwitcher';
import { Avatar } from '@/components/ui/Avatar';
import { Icon } from '@/components/ui/Icon';
import { useDismiss } from '@/components/ui/modal';
import { useSession } from '@/features/auth';
import { LanguageSwitcher, useT } from '@/i18n';
import { Link, NavLink, useLocation, useNavigate } from '@/lib/router';
import { ACCOUNT_LINKS, MAIN_LINKS } from './nav-links';

/** Below 768 px the header collapses into this panel (nav, switchers, account). */
export function MobileMenu() {
  const t = useT();
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const { user, signOut } = useSession();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Any navigation closes the menu (state adjusted during render, no effect needed).
  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
    setOpen(false);
  }
  useDismiss({ open, onDismiss: () => setOpen(false), root, button });

  const logout = async () => {
    setOpen(false);
    navigate('/');
    await signOut();
  };

  return (
    <div className="mobile-menu mobile-only" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-label={open ? t('header.closeMenu') : t('header.openMenu')}
        onClick={() => setOpen((v) => !v)}
      >
        <Icon name={open ? 'close' : 'menu'} size={20} />
      </button>
      <div id={`${id}-panel`} className="mobile-menu__panel" hidden={!open}>
        <MobileMenuPanel user={user} onLogout={logout} />
      </div>
    </div>
  );
}

/** Who is signed in, the links, the currency and language switchers, and log in or out. */
function MobileMenuPanel({ user, onLogout }: { user: UserView | null; onLogout: () => void }) {
  const t = useT();
  return (
    <>
      {user ? (
        <div className="mobile-menu__who">
          <Avatar name={user.effectiveName} src={user.effectiveAvatar} />
          <div>
            <div className="user-menu__who-name">{user.effectiveName}</div>
            {user.username ? <div className="muted small">@{user.username}</div> : null}
          </div>
        </div>
      ) : null}
      <nav aria-label={t('nav.market')} className="mobile-menu__nav">
        {MAIN_LINKS.map((link) => (
          <NavLink key={link.to} to={link.to} end className="mobile-menu__link">
            {t(link.label)}
          </NavLink>
        ))}
        {user
          ? ACCOUNT_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className="mobile-menu__link">
                {t(link.label)}
              </NavLink>
            ))
          : null}
      </nav>
      <div className="mobile-menu__row">
        <span className="muted small">{t('currency.label')}</span>
        <CurrencySwitcher />
      </div>
      <div className="mobile-menu__row">
        <span className="muted small">{t('lang.label')}</span>
        <LanguageSwitcher />
      </div>
      {user ? (
        <button type="button" className="btn btn--ghost btn--block" onClick={onLogout}>
          {t('menu.logout')}
        </button>
      ) : (
        <Link to="/auth" className="btn btn--primary btn--block">
          {t('header.login')}
        </Link>
      )}
    </>
  );
}
