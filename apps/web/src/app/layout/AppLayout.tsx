import { Outlet, ScrollRestoration } from 'react-router';
import { WelcomeDialog } from '@/features/profile';
import { useT } from '@/i18n';
import { Footer } from './Footer';
import { Header } from './Header';

export function AppLayout() {
  const t = useT();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('app.skip')}
      </a>
      <Header />
      <main id="main" className="container main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <WelcomeDialog />
      <ScrollRestoration />
    </div>
  );
}
