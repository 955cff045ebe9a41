import type { IconName } from '@/components/ui/Icon';
import type { MessageKey } from '@/i18n';

/** User menu entries in their fixed order, then the account pages (logout is added by the menus). */
export const ACCOUNT_LINKS: { to: string; label: MessageKey; icon: IconName }[] = [
  { to: '/dashboard', label: 'menu.dashboard', icon: 'grid' },
  { to: '/orders/my', label: 'menu.myOrders', icon: 'list' },
  { to: '/settings/payment-methods', label: 'menu.paymentMethods', icon: 'card' },
  { to: '/wallet', label: 'menu.wallet', icon: 'wallet' },
  { to: '/settings/security', label: 'menu.security', icon: 'shield' },
  { to: '/settings/api', label: 'apiPage.title', icon: 'bolt' },
  { to: '/trade-history', label: 'page.tradeHistory', icon: 'list' },
  { to: '/notifications', label: 'inbox.title', icon: 'bell' },
  { to: '/profile', label: 'page.profile', icon: 'sliders' },
];

/** Main navigation shown in the header and the mobile menu. */
export const MAIN_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/', label: 'nav.market' },
  { to: '/create-order', label: 'nav.createOrder' },
  { to: '/my-trades', label: 'nav.myTrades' },
];
