import type { AdminView, SecurityReportList } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { adminTokens } from '../api/admin-storage';
import { AdminSessionProvider } from '../session';
import { SecurityReportsPage } from './SecurityReportsPage';

const staff = (role: AdminView['role']): AdminView => ({
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'olga@example.test',
  firstName: 'Ольга',
  lastName: 'Петрова',
  role,
  twoFactorEnabled: true,
  twoFactorRequired: false,
});
const list: SecurityReportList = {
  reports: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      user: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Вера' },
      eventKind: 'api_key_created',
      createdAt: '2026-11-20T10:00:00.000Z',
      clearedAt: null,
      clearedBy: null,
    },
  ],
};

let api: ReturnType<typeof fakeApi>;
function mount(role: AdminView['role']) {
  api = fakeApi((path, init) => {
    if (path === '/admin/auth/me') return staff(role);
    if (path === '/admin/security-reports') return list;
    if (init.method === 'POST') return { ...list.reports[0], clearedAt: '2026-11-21T10:00:00.000Z' };
    return null;
  });
  vi.stubGlobal('fetch', api.fetch);
  renderApp(
    <AdminSessionProvider>
      <SecurityReportsPage />
    </AdminSessionProvider>,
  );
}
beforeEach(() => adminTokens.saveTokens({ accessToken: 'staff-token', refreshToken: 'staff-refresh' }));
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('«Это не я» cases in the back office', () => {
  it('lists who, which event and when; an admin clears the hold after a second question', async () => {
    mount('admin');
    const card = within(await screen.findByTestId('security-report'));
    expect(card.getByText('Вера')).toBeTruthy();
    expect(card.getByText('Создан API-ключ')).toBeTruthy();
    expect(card.getByText(/2026/)).toBeTruthy();
    fireEvent.click(await card.findByRole('button', { name: 'Снять удержание' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Вера');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Снять удержание' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/admin/security-reports/${list.reports[0]?.id}/clear`,
      }),
    );
  });

  it('a moderator sees the cases but no clear button', async () => {
    mount('moderator');
    const card = within(await screen.findByTestId('security-report'));
    expect(card.getByText('Вера')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/admin/auth/me')).toBe(true));
    expect(card.queryByRole('button', { name: 'Снять удержание' })).toBeNull();
  });
});
