import type { NotificationList, NotificationView } from '@p2p/shared';
import type { Formatter } from '@/lib/use-format';

/**
 * A list page with `notification` put first (once: a repeated socket event changes nothing),
 * the unread count taken from the server's event.
 */
export function withNew(
  page: NotificationList | undefined,
  notification: NotificationView,
  unreadCount: number,
): NotificationList | undefined {
  if (!page) return page;
  if (page.notifications.some((n) => n.id === notification.id)) return { ...page, unreadCount };
  const notifications = [notification, ...page.notifications].slice(0, page.limit);
  return {
    ...page,
    notifications,
    total: page.total + 1,
    unreadCount,
    hasNext: page.hasNext || page.total + 1 > notifications.length,
  };
}

/** A list page with one notification marked read at `readAt` (optimistic, then confirmed). */
export function withRead(
  page: NotificationList | undefined,
  id: string,
  readAt: string,
): NotificationList | undefined {
  if (!page) return page;
  const target = page.notifications.find((n) => n.id === id);
  if (!target || target.readAt) return page;
  return {
    ...page,
    notifications: page.notifications.map((n) => (n.id === id ? { ...n, readAt } : n)),
    unreadCount: Math.max(0, page.unreadCount - 1),
  };
}

/** A list page with everything read. */
export function withAllRead(
  page: NotificationList | undefined,
  readAt: string,
): NotificationList | undefined {
  if (!page) return page;
  return {
    ...page,
    notifications: page.notifications.map((n) => (n.readAt ? n : { ...n, readAt })),
    unreadCount: 0,
  };
}

/** The badge text: up to 99, then "99+". */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** Only in-app paths are followed; anything else (a full URL, `//host`) goes to the dashboard. */
export function safeLink(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/dashboard';
}

/** Amounts arrive as wire decimals ("5000.00"); shown in the UI language's digits ("5 000,00"). */
export function displayValues(
  values: NotificationView['values'],
  fmt: Formatter,
): NotificationView['values'] {
  const out = { ...values };
  const coin = typeof values.currency === 'string' ? values.currency : '';
  for (const name of ['amount', 'net'] as const) {
    const value = values[name];
    if (typeof value === 'string' && coin) out[name] = fmt.crypto(value, coin, { unit: false });
  }
  if (typeof values.fiat === 'string') out.fiat = fmt.number(values.fiat, 2);
  // A swap's two legs, each in its own coin; what returned is in the coin given.
  const legs = [
    ['gave', values.gaveCurrency],
    ['got', values.gotCurrency],
    ['rest', values.gaveCurrency],
  ] as const;
  for (const [name, currency] of legs) {
    const value = values[name];
    if (typeof value === 'string' && typeof currency === 'string')
      out[name] = fmt.crypto(value, currency, { unit: false });
  }
  return out;
}
