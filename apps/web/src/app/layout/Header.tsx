import { lazy, Suspense } from 'react';
import { CurrencySwitcher } from '@/components/CurrencySwitcher';
import { Icon } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import { LanguageSwitcher, useT, withLaterTexts } from '@/i18n';
import { useAfterFirstPaint } from '@/lib/after-first-paint';
import { Link, NavLink } from '@/lib/router';
import { MobileMenu } from './MobileMenu';
import { MAIN_LINKS } from './nav-links';

const SignedInActions = lazy(async () => ({
  default: (await withLaterTexts(import('./SignedInActions'))).SignedInActions,
}));

function HeaderSkeleton() {
  return (
    <div className="header__skeleton" aria-hidden="true">
      <span className="skeleton skeleton--circle" />
      <span className="skeleton skeleton--line" />
    </div>
  );
}

export function Header() {
  const t = useT();
  const { status, user } = useSession();
  // The signed-in controls' chunk (and the later texts it needs) is asked for in its turn after
  // the first paint, not by the first render (docs/decisions/048).
  const afterPaint = useAfterFirstPaint();
  return (
    <header className="header">
      <div className="container header__inner">
        <Link to="/" className="logo">
          <span className="logo__mark">
            <Icon name="swap" size={20} />
          </span>
          <span className="logo__text">
            <span className="logo__name">{t('app.name')}</span>
            <span className="logo__tagline">{t('app.tagline')}</span>
          </span>
        </Link>

        <nav className="header__nav desktop-only" aria-label={t('nav.market')}>
          {MAIN_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end className="header__link">
              {t(link.label)}
            </NavLink>
          ))}
        </nav>

        <div className="header__actions">
          <div className="header__switchers desktop-only">
            <CurrencySwitcher variant="compact" />
            <LanguageSwitcher />
          </div>
          {status === 'loading' || (user && !afterPaint) ? (
            <HeaderSkeleton />
          ) : user ? (
            <Suspense fallback={<HeaderSkeleton />}>
              <SignedInActions user={user} />
            </Suspense>
          ) : (
            <Link to="/auth" className="btn btn--primary btn--sm">
              {t('header.login')}
            </Link>
          )}
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
