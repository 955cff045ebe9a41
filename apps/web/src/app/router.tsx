import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RequireAuth } from '@/features/auth';
import { API_GUIDE_PATH, INFO_SLUGS } from '@/features/info';
import { MarketPage } from '@/features/market';
import { orderScreens } from '@/features/orders';
import { withLaterTexts } from '@/i18n';
import { loadChunk } from './chunk-reload';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';
import { FirstLoadFallback, RouteError } from './RouteError';

/**
 * A screen loaded when its route is first opened (its own chunk): the market page, where most
 * visits start, ships without the code of the account screens (docs/decisions/018). Its texts
 * are in the catalogue's later part (docs/decisions/040): they load with its code.
 */
const page = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await loadChunk(() => withLaterTexts(load())) }),
});
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
  page('/trade/:id', async () => (await import('@/features/trade')).TradePage),
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
const adminRoute: RouteObject = {
  path: '/admin/*',
  lazy: async () => {
    // The console's texts come with its code (docs/decisions/015), not in the first load.
    const admin = await loadChunk(() => withLaterTexts(import('@/features/admin/AdminApp')));
    return { Component: admin.AdminApp };
  },
  errorElement: <RouteError />,
  HydrateFallback: FirstLoadFallback,
};

export const routes: RouteObject[] = [
  adminRoute,
  {
    element: <AppLayout />,
    // A failed screen (its chunk, its render) shows the error screen inside the layout; a failed
    // layout shows it alone. Never React Router's developer screen (docs/decisions/034).
    errorElement: <RouteError />,
    // A full load draws the layout with this in place of the screen while the screen's chunk
    // arrives (React Router's HydrateFallback; without one it warns and draws nothing).
    children: [{ errorElement: <RouteError />, HydrateFallback: FirstLoadFallback, children: appRoutes() }],
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

export const router = createBrowserRouter(routes);
