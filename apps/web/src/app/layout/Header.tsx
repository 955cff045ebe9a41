import { lazy, Suspense, useEffect, useState } from 'react';
import { CurrencySwitcher } from '@/components/CurrencySwitcher';
import { Icon } from '@/components/ui/Icon';
import { useSession } from '@/features/auth';
import { LanguageSwitcher, useT, withLaterTexts } from '@/i18n';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { Link, NavLink } from '@/lib/router';
import { MobileMenu } from './MobileMenu';
import { MAIN_LINKS } from './nav-links';

/** The signed-in controls' code with the later texts they show, asked for once. */
let signedInActions: Promise<typeof import('./SignedInActions')> | null = null;
function loadSignedInActions() {
  signedInActions ??= withLaterTexts(import('./SignedInActions'));
  return signedInActions;
}
const SignedInActions = lazy(async () => ({ default: (await loadSignedInActions()).SignedInActions }));

/**
 * Whether the signed-in controls may render: their chunk is asked for in its turn after the
 * first paint, not by a render (Vite's loader appends a dozen `<link>`s, a task of its own on a
 * phone), and they render once it is there (docs/decisions/048). Never for a visitor.
 */
function useSignedInActionsLoaded(signedIn: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    // A failed download renders them all the same: the lazy component then reports it.
    const settle = () => {
      if (live) setLoaded(true);
    };
    const cancel = afterFirstPaint(() => {
      loadSignedInActions().then(settle, settle);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [signedIn]);
  return loaded;
}

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
  const loaded = useSignedInActionsLoaded(Boolean(user));
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
          {status === 'loading' || (user && !loaded) ? (
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
