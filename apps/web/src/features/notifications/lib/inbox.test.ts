import type { NotificationList, NotificationView } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { formatterFor } from '@/lib/use-format';
import { badgeText, displayValues, safeLink, withAllRead, withNew, withRead } from './inbox';

const note = (id: string, readAt: string | null = null): NotificationView => ({
  id,
  kind: 'trade_paid',
  category: 'trades',
  entityType: 'trade',
  entityId: id,
  titleKey: 'x',
  messageKey: 'y',
  actionKey: null,
  values: {},
  title: 'Buyer paid',
  message: 'm',
  action: null,
  deadline: null,
  link: `/trade/${id}`,
  readAt,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const page = (items: NotificationView[], total = items.length, limit = 3): NotificationList => ({
  notifications: items,
  total,
  unreadCount: items.filter((n) => !n.readAt).length,
  limit,
  offset: 0,
  hasNext: total > items.length,
});

describe('inbox cache updates', () => {
  it('puts a new notification first, keeps the page size and takes the server count', () => {
    const next = withNew(page([note('a'), note('b'), note('c')]), note('d'), 7);
    expect(next?.notifications.map((n) => n.id)).toEqual(['d', 'a', 'b']);
    expect(next?.total).toBe(4);
    expect(next?.unreadCount).toBe(7);
    expect(next?.hasNext).toBe(true);
  });

  it('does not add the same notification twice (a repeated event)', () => {
    const once = withNew(page([note('a')]), note('b'), 2);
    const twice = withNew(once, note('b'), 2);
    expect(twice?.notifications.map((n) => n.id)).toEqual(['b', 'a']);
    expect(twice?.total).toBe(2);
  });

  it('marks one read once, and all read', () => {
    const start = page([note('a'), note('b'), note('c', '2026-01-01T00:00:00Z')]);
    const one = withRead(start, 'a', '2026-01-02T00:00:00Z');
    expect(one?.unreadCount).toBe(1);
    expect(one?.notifications[0]?.readAt).toBe('2026-01-02T00:00:00Z');
    expect(withRead(one, 'a', 'later')?.unreadCount).toBe(1);
    const all = withAllRead(one, 'now');
    expect(all?.unreadCount).toBe(0);
    expect(all?.notifications.every((n) => n.readAt)).toBe(true);
    // Already read ones keep their time.
    expect(all?.notifications[2]?.readAt).toBe('2026-01-01T00:00:00Z');
  });

  it('caps the badge and follows in-app links only', () => {
    expect(badgeText(5)).toBe('5');
    expect(badgeText(100)).toBe('99+');
    expect(safeLink('/trade/1')).toBe('/trade/1');
    expect(safeLink('https://evil.example/')).toBe('/dashboard');
    expect(safeLink('//evil.example/')).toBe('/dashboard');
  });
});

describe('notification values', () => {
  it('shows wire amounts in the UI language, leaving names and numbers alone', () => {
    const values = {
      amount: '0.00081300',
      currency: 'BTC',
      fiat: '5000.00',
      fiatCurrency: 'RUB',
      name: 'Bob',
      minutes: 15,
    };
    expect(displayValues(values, formatterFor('ru'))).toEqual({
      ...values,
      amount: '0,00081300',
      fiat: '5\u00a0000,00',
    });
    expect(displayValues(values, formatterFor('en')).fiat).toBe('5,000.00');
  });

  it('shows both legs of a swap and the remainder returned, each in its own coin', () => {
    const values = {
      gave: '0.00100000',
      gaveCurrency: 'BTC',
      got: '97.00000000',
      gotCurrency: 'USDT',
      rest: '0.00030800',
    };
    const shown = displayValues(values, formatterFor('ru'));
    expect(shown).toMatchObject({ gaveCurrency: 'BTC', gotCurrency: 'USDT' });
    expect([shown.gave, shown.got, shown.rest]).toEqual([
      formatterFor('ru').crypto('0.00100000', 'BTC', { unit: false }),
      formatterFor('ru').crypto('97.00000000', 'USDT', { unit: false }),
      formatterFor('ru').crypto('0.00030800', 'BTC', { unit: false }),
    ]);
    expect(shown.rest).toBe('0,00030800');
    expect(shown.got).not.toBe('97.00000000');
  });
});
