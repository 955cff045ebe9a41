import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { RequireAuth } from '@/features/auth';
import { API_GUIDE_PATH, INFO_SLUGS } from '@/features/info';
import { MarketPage } from '@/features/market';
import { orderScreens } from '@/features/orders';
import { withLaterTexts } from '@/i18n';
import { Outlet, type RouteObject, useRoutes } from '@/lib/router';
import { loadChunk } from './chunk-reload';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { FirstLoadFallback, RouteBoundary } from './RouteError';

/**
 * A screen loaded when its route is first opened (its own chunk): the market page, where most
 * visits start, ships without the code of the account screens (docs/decisions/018). Its texts
 * are in the catalogue's later part (docs/decisions/040): they load with its code.
 */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => {
  const Screen = lazy(async () => ({ default: await loadChunk(() => withLaterTexts(load())) }));
  return { path, element: <Screen /> };
};

/**
 * A failed screen (its chunk, its render) shows the error screen in its place, never a blank
 * page (docs/decisions/034). On a full load the fallback stands in while the screen's code
 * arrives; later the current screen stays until the next one is ready (a transition).
 */
const screenFrame = (screen: ReactNode) => (
  <RouteBoundary>
    <Suspense fallback={<FirstLoadFallback />}>{screen}</Suspense>
  </RouteBoundary>
);
const orders = orderScreens;
const withdrawals = () => import('@/features/withdrawals');

/** Routes that need a signed-in user. */
const privateRoutes: RouteObject[] = [
  page('/dashboard', async () => (await import('@/features/dashboard')).DashboardPage),
  page('/profile/edit', async () => (await import('@/features/profile')).ProfileEditPage),
  page('/wallet', async () => (await import('@/features/wallet')).WalletPage),
  page('/wallet/reserves', async () => (await import('@/features/reserves')).ReservesCheckPage),
  page('/create-order', async () => (await import('@/features/create-order')).CreateOrderPage),
  page('/my-orders', async () => (await orders()).MyOrdersPage),
  page('/orders/my', async () => (await orders()).MyOrdersPage),
  page('/my-trades', async () => (await import('@/features/my-trades')).MyTradesPage),
  page('/order/:id/manage', async () => (await orders()).OrderManagePage),
  // The trade page's notes (progress of a finished trade, why a trade cannot be cancelled) come
  // with the texts that load later (docs/decisions/015).
  page('/trade/:id', async () => (await (await import('@/features/trade')).tradeScreens()).TradePage),
  // The inbox's reminders and the profile's time zone have their texts in the later part
  // (docs/decisions/030).
  page('/notifications', async () => (await import('@/features/notifications')).NotificationsPage),
  page('/trade-history', async () => (await import('@/features/trade-history')).TradeHistoryPage),
  page('/profile', async () => (await import('@/features/settings')).SettingsPage),
  page(
    '/settings/payment-methods',
    async () => (await import('@/features/payment-methods')).PaymentMethodsPage,
  ),
  page('/settings/security', async () => (await import('@/features/two-factor')).SecurityPage),
  page('/settings/api', async () => (await import('@/features/merchant-api')).ApiSettingsPage),
  // The withdrawals' claim states are in the later texts (docs/decisions/015).
  page('/withdrawals/request', async () => (await withdrawals()).WithdrawRequestPage),
  page('/withdrawals/history', async () => (await withdrawals()).WithdrawalsHistoryPage),
  page('/dashboard/orders', async () => (await orders()).MyOrdersPage),
];

/**
 * Back office: its own shell, session and chunk, loaded only when a /admin URL is
 * opened, so marketplace users never download it.
 */
const AdminApp = lazy(async () => {
  // The console's texts come with its code (docs/decisions/015), not in the first load.
  const admin = await loadChunk(() => withLaterTexts(import('@/features/admin/AdminApp')));
  return { default: admin.AdminApp };
});

export const routes: RouteObject[] = [
  { path: '/admin/*', element: screenFrame(<AdminApp />) },
  {
    // A failed layout shows the error screen alone; a failed screen shows it inside the layout.
    element: (
      <RouteBoundary>
        <AppLayout />
      </RouteBoundary>
    ),
    children: [{ element: screenFrame(<Outlet />), children: appRoutes() }],
  },
];

function appRoutes(): RouteObject[] {
  return [
    { path: '/', element: <MarketPage /> },
    // The market is in the entry: most visits start there. Every other screen is its own chunk.
    page('/auth', async () => (await import('@/features/auth/screens')).AuthPage),
    page('/order/:id', async () => (await orders()).OrderDetailPage),
    page('/user/:id', async () => (await import('@/features/users')).PublicProfilePage),
    page(API_GUIDE_PATH, async () => (await import('@/features/info/screens')).ApiGuidePage),
    page('/reserves', async () => (await import('@/features/reserves')).ReservesPage),
    ...INFO_SLUGS.map((slug) =>
      page(`/${slug}`, async () => {
        const { InfoPage } = await import('@/features/info/screens');
        return () => <InfoPage slug={slug} />;
      }),
    ),
    { element: <RequireAuth />, children: privateRoutes },
    { path: '*', element: <NotFoundPage /> },
  ];
}

/** The app's screens for the address (docs/decisions/040, addendum). */
export function AppRoutes() {
  return useRoutes(routes);
}
