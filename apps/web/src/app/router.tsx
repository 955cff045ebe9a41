import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { AuthPage, RequireAuth } from '@/features/auth';
import { DashboardPage } from '@/features/dashboard';
import { INFO_SLUGS, InfoPage } from '@/features/info';
import { MarketPage } from '@/features/market';
import { ProfileEditPage } from '@/features/profile';
import { PublicProfilePage } from '@/features/users';
import type { MessageKey } from '@/i18n';
import { AppLayout } from './layout/AppLayout';
import { NotFoundPage } from './NotFoundPage';

const soon = (path: string, titleKey: MessageKey, textKey?: MessageKey): RouteObject => ({
  path,
  element: <ComingSoon key={path} titleKey={titleKey} textKey={textKey} />,
});

/** Private routes of spec 1 §2 and spec 3 §2; screens not built yet say so honestly. */
const privateRoutes: RouteObject[] = [
  { path: '/dashboard', element: <DashboardPage /> },
  { path: '/profile/edit', element: <ProfileEditPage /> },
  soon('/wallet', 'page.wallet'),
  soon('/create-order', 'page.createOrder'),
  soon('/my-orders', 'page.myOrders'),
  soon('/orders/my', 'page.myOrders'),
  soon('/my-trades', 'page.myTrades'),
  soon('/order/:id/manage', 'page.manageOrder'),
  soon('/trade/:id', 'page.trade'),
  soon('/trade-history', 'page.tradeHistory'),
  soon('/profile', 'page.profile'),
  soon('/settings/payment-methods', 'page.paymentMethods'),
  soon('/withdrawals/request', 'page.withdrawRequest'),
  soon('/withdrawals/history', 'page.withdrawHistory'),
  soon('/dashboard/orders', 'page.dashboardOrders'),
];

/** Back office (spec 3): its own staff sign-in arrives with the admin module. */
const adminRoutes: RouteObject[] = [
  soon('/admin/login', 'page.adminLogin'),
  soon('/admin/dashboard', 'page.adminDashboard'),
  soon('/admin/users', 'page.adminUsers'),
  soon('/admin/balance', 'page.adminBalance'),
  soon('/admin/withdrawals', 'page.adminWithdrawals'),
  soon('/admin/audit', 'page.adminAudit'),
];

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <MarketPage /> },
      { path: '/auth', element: <AuthPage /> },
      soon('/order/:id', 'page.order'),
      { path: '/user/:id', element: <PublicProfilePage /> },
      ...INFO_SLUGS.map((slug) => ({ path: `/${slug}`, element: <InfoPage slug={slug} /> })),
      { element: <RequireAuth />, children: privateRoutes },
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
