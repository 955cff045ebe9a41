import type { AdminDashboard } from '@p2p/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { DashboardPage } from './DashboardPage';

// uPlot draws on a canvas, which the DOM of the tests has not; the chart is not under test here.
vi.mock('../components/DailyChart', () => ({ DailyChart: () => null }));

function dashboard(addressPools: AdminDashboard['addressPools']): AdminDashboard {
  return {
    generatedAt: '2026-11-20T10:00:00Z',
    users: { total: 3, newToday: 1, blocked: 0 },
    disputes: { open: 0, oldestAgeSeconds: null, overSla: 0, unassigned: 0, slaHours: 24 },
    withdrawals: { pending: 0, byCurrency: [] },
    trades: { openedToday: 0, completedToday: 0, volumeToday: {}, volumeFiatToday: {} },
    staffActionsToday: 0,
    addressPools,
    daily: [],
  };
}

function serve(d: AdminDashboard) {
  vi.stubGlobal('fetch', fakeApi((path) => (path === '/admin/dashboard' ? d : null)).fetch);
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/admin/dashboard: the address pool', () => {
  it('warns for each pool network with fewer than 100 addresses left, and lists every pool', async () => {
    serve(
      dashboard([
        { network: 'SOL', remaining: 42, low: true },
        { network: 'USDT-SPL', remaining: 42, low: true },
        { network: 'BTC', remaining: 500, low: false },
      ]),
    );
    renderApp(<DashboardPage />);
    const warnings = await screen.findByTestId('pool-warnings');
    expect(warnings.textContent).toContain(
      'В сети SOL осталось меньше 100 адресов для пополнения (42). Импортируйте новые адреса из кошелька.',
    );
    expect(warnings.textContent).toContain('В сети USDT-SPL осталось меньше 100');
    expect(warnings.textContent).not.toContain('BTC');
    expect(screen.getByText('Адреса для пополнения')).toBeTruthy();
    expect(screen.getByText('BTC: осталось 500')).toBeTruthy();
  });

  it('no warning while every pool has enough, nor without pools', async () => {
    serve(dashboard([{ network: 'SOL', remaining: 100, low: false }]));
    renderApp(<DashboardPage />);
    expect(await screen.findByText('SOL: осталось 100')).toBeTruthy();
    expect(screen.queryByTestId('pool-warnings')).toBeNull();
    document.body.innerHTML = '';
    serve(dashboard([]));
    renderApp(<DashboardPage />);
    await screen.findByText('Пользователи');
    expect(screen.queryByText('Адреса для пополнения')).toBeNull();
  });
});
