import type { AdminTradeLimits } from '@p2p/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { UserLimits } from './UserLimits';

const USER = '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** A new account suspended after two lost disputes, never lifted. */
const suspended: AdminTradeLimits = {
  newAccount: true,
  completedTrades: 1,
  newAccountTrades: 5,
  openTrades: { current: 1, max: 2 },
  maxTradeAmount: { RUB: '50000.00', USD: '537.63' },
  cancellations: { current: 0, max: 3, windowHours: 24, suspensionHours: 24 },
  lostDisputes: { current: 2, max: 2 },
  suspensions: [{ limit: 'lost_disputes', since: '2026-11-21T11:31:00Z', until: null }],
  lifts: [],
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path, init) =>
    init.method === 'POST'
      ? { ...suspended, lostDisputes: { current: 0, max: 2 }, suspensions: [], lifts: [] }
      : path.endsWith('/limits')
        ? suspended
        : {},
  );
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const text = (el: HTMLElement) => el.textContent?.replace(/\u00a0/g, ' ');

describe("the user page's trade limits (docs/decisions/023)", () => {
  it('shows the counts and the suspension that only staff lift', async () => {
    renderApp(<UserLimits userId={USER} canLift={false} />);
    const panel = await screen.findByTestId('user-limits');
    await screen.findByTestId('user-suspension');
    expect(text(panel)).toContain('Новый аккаунт: 1 из 5 завершенных сделок. Сделка до 50 000,00 ₽');
    expect(text(panel)).toContain('Проигранные споры (после последнего снятия): 2 из 2');
    expect(text(screen.getByTestId('user-suspension'))).toMatch(
      /^Сделки приостановлены за проигранные споры с .+, до снятия$/,
    );
    // A moderator sees it, and no lift.
    expect(screen.queryByRole('button', { name: 'Снять ограничения' })).toBeNull();
  });

  it('lets an admin lift it with a reason, sent to the lift route', async () => {
    renderApp(<UserLimits userId={USER} canLift />);
    fireEvent.click(await screen.findByRole('button', { name: 'Снять ограничения' }));
    const reason = screen.getByLabelText('Причина');
    fireEvent.change(reason, { target: { value: 'ok' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Снять ограничения' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Причина должна быть минимум 5 символов')).toBeTruthy();
    fireEvent.change(reason, { target: { value: 'Выписки проверены, ошибка банка' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Снять ограничения' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.getByText('Сделки не приостановлены')).toBeTruthy());
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([
      {
        path: `/admin/users/${USER}/limits/lift`,
        method: 'POST',
        body: { reason: 'Выписки проверены, ошибка банка' },
      },
    ]);
  });
});
