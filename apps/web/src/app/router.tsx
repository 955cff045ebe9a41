import { createBrowserRouter, type RouteObject } from 'react-router';
import { ComingSoon } from '@/components/ui/ComingSoon';
import { AuthPage, RequireAuth } from '@/features/auth';
import { CreateOrderPage } from '@/features/create-order';
import { DashboardPage } from '@/features/dashboard';
import { INFO_SLUGS, InfoPage } from '@/features/info';
import { MarketPage } from '@/features/market';
import { MyTradesPage } from '@/features/my-trades';
import { MyOrdersPage, OrderDetailPage, OrderManagePage } from '@/features/orders';
import { PaymentMethodsPage } from '@/features/payment-methods';
import { ProfileEditPage } from '@/features/profile';
import { TradePage } from '@/features/trade';
import { PublicProfilePage } from '@/features/users';
import { WalletPage } from '@/features/wallet';
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
  { path: '/wallet', element: <WalletPage /> },
  { path: '/create-order', element: <CreateOrderPage /> },
  { path: '/my-orders', element: <MyOrdersPage /> },
  { path: '/orders/my', element: <MyOrdersPage /> },
  { path: '/my-trades', element: <MyTradesPage /> },
  { path: '/order/:id/manage', element: <OrderManagePage /> },
  { path: '/trade/:id', element: <TradePage /> },
  soon('/trade-history', 'page.tradeHistory'),
  soon('/profile', 'page.profile'),
  { path: '/settings/payment-methods', element: <PaymentMethodsPage /> },
  soon('/withdrawals/request', 'page.withdrawRequest'),
  soon('/withdrawals/history', 'page.withdrawHistory'),
  { path: '/dashboard/orders', element: <MyOrdersPage /> },
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
      { path: '/order/:id', element: <OrderDetailPage /> },
      { path: '/user/:id', element: <PublicProfilePage /> },
      ...INFO_SLUGS.map((slug) => ({ path: `/${slug}`, element: <InfoPage slug={slug} /> })),
      { element: <RequireAuth />, children: privateRoutes },
      ...adminRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
