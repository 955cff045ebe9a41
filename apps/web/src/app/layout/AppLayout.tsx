import { lazy, Suspense } from 'react';
import { useSession } from '@/features/auth';
import { useT, withLaterTexts } from '@/i18n';
import { Outlet, ScrollRestoration } from '@/lib/router';
import { useTelegram } from '@/lib/telegram/hooks';
import { Footer } from './Footer';
import { Header } from './Header';

/** Asks a new user for a display name; its code loads only for such a user. */
const WelcomeDialog = lazy(async () => ({
  default: (await withLaterTexts(import('@/features/profile'))).WelcomeDialog,
}));

export function AppLayout() {
  const t = useT();
  const { user } = useSession();
  // Telegram's buttons and haptics, only inside Telegram (docs/decisions/029).
  const TelegramBridge = useTelegram()?.TelegramBridge;
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
      {user && user.displayName === null ? (
        <Suspense fallback={null}>
          <WelcomeDialog />
        </Suspense>
      ) : null}
      {TelegramBridge ? <TelegramBridge /> : null}
      <ScrollRestoration />
    </div>
  );
}
