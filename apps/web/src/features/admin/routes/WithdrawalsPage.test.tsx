import type { AdminView, AdminWithdrawalView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { fakeApi, renderApp } from '@/test-support/render';
import { adminTokens } from '../api/admin-storage';
import { AdminSessionProvider } from '../session';
import { WithdrawalsPage } from './WithdrawalsPage';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const me: AdminView = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  email: 'olga@example.test',
  firstName: 'Ольга',
  lastName: 'Петрова',
  role: 'admin',
  twoFactorEnabled: true,
  twoFactorRequired: false,
};
const approved: AdminWithdrawalView = {
  id: '11111111-1111-4111-8111-111111111111',
  cryptocurrency: 'BTC',
  network: 'BTC',
  amount: '0.10000000',
  fee: '0.00050000',
  networkFee: '0.00050000',
  total: '0.10050000',
  toAddress: null,
  addressPreview: 'bc1qw508…v8f3t4',
  internal: false,
  status: 'APPROVED',
  txHash: null,
  explorerUrl: null,
  reviewNotes: null,
  createdAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  completedAt: null,
  cancellable: true,
  user: { id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb', firstName: 'Вера', lastName: null, username: 'vera' },
  reviewedAt: '2026-11-22T10:05:00Z',
  claimedBy: null,
  claimedAt: null,
  availableActions: ['reject', 'processing'],
};
const claimed: AdminWithdrawalView = {
  ...approved,
  status: 'PROCESSING',
  toAddress: ADDRESS,
  cancellable: false,
  claimedBy: { id: me.id, firstName: me.firstName, lastName: me.lastName, email: me.email, role: 'admin' },
  claimedAt: '2026-11-22T10:10:00Z',
  availableActions: ['complete', 'fail'],
};

function serve(rows: AdminWithdrawalView[]) {
  const api = fakeApi((path) => {
    if (path === '/admin/auth/me') return me;
    if (path.endsWith('/processing')) return claimed;
    if (path.endsWith('/complete')) return { ...claimed, status: 'COMPLETED', availableActions: [] };
    if (path.endsWith('/fail')) return { ...claimed, status: 'FAILED', availableActions: [] };
    return {
      withdrawals: rows,
      pagination: { page: 1, limit: 20, total: rows.length, totalPages: 1, hasPrev: false, hasNext: false },
    };
  });
  vi.stubGlobal('fetch', api.fetch);
  return api.calls;
}

const render = () =>
  renderApp(
    <AdminSessionProvider>
      <WithdrawalsPage />
    </AdminSessionProvider>,
  );

beforeEach(() => adminTokens.saveTokens({ accessToken: 'staff-token', refreshToken: 'staff-refresh' }));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

describe('/admin/withdrawals: a withdrawal is claimed before it is sent (docs/decisions/023)', () => {
  it('shows only the ends of an unclaimed address; «Отправить» claims, then shows what to send and takes the hash', async () => {
    const calls = serve([approved]);
    render();
    const row = await screen.findByTestId('withdrawal-row');
    expect(within(row).getByText('bc1qw508…v8f3t4')).toBeTruthy();
    expect(within(row).getByText('Полный адрес откроется после «Отправить»')).toBeTruthy();
    expect(row.textContent).not.toContain(ADDRESS);
    expect(within(row).queryByRole('button', { name: 'Завершить' })).toBeNull();

    fireEvent.click(await within(row).findByRole('button', { name: 'Отправить' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls).toContainEqual({
      path: `/admin/withdrawals/${approved.id}/processing`,
      method: 'POST',
      body: {},
    });
    expect(within(dialog).getByTestId('sending-address').textContent).toBe(ADDRESS);
    expect(within(dialog).getByTestId('sending-amount').textContent).toBe('0.1 BTC');
    expect(within(dialog).getByRole('button', { name: 'Копировать: адрес получателя' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Копировать: сумма к отправке' })).toBeTruthy();
    expect(dialog.textContent).toContain('Ольга Петрова (вы)');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Завершить' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Введите TX Hash');
    fireEvent.change(within(dialog).getByLabelText('TX Hash'), { target: { value: 'ab'.repeat(32) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Завершить' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/admin/withdrawals/${approved.id}/complete`,
        method: 'POST',
        body: { txHash: 'ab'.repeat(32) },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a claimed row shows the claimer and the sending details; «Не удалось» asks before failing it', async () => {
    const calls = serve([claimed]);
    render();
    const row = await screen.findByTestId('withdrawal-row');
    const details = await within(row).findByTestId('sending-details');
    expect(within(details).getByTestId('sending-address').textContent).toBe(ADDRESS);
    expect(details.textContent).toContain('Взята в отправку');
    expect(details.textContent).toContain('Ольга Петрова (вы)');

    fireEvent.click(await within(row).findByRole('button', { name: 'Не удалось' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(
      '0,10050000 BTC вернутся на доступный баланс',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // It says what was checked on the chain first (docs/decisions/035).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не удалось' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Укажите, что проверено в блокчейне',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/Что проверено в блокчейне/), {
      target: { value: 'Хеша нет ни в мемпуле, ни в блоках' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не удалось' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        path: `/admin/withdrawals/${claimed.id}/fail`,
        method: 'POST',
        body: { note: 'Хеша нет ни в мемпуле, ни в блоках' },
      }),
    );
  });

  it('a large fail becomes a proposal: the console says it waits for a second admin', async () => {
    const api = fakeApi((path) => {
      if (path === '/admin/auth/me') return me;
      if (path.endsWith('/fail')) {
        return {
          pendingApproval: true,
          approvalId: '7c1d0a56-8a43-4a57-9b53-6f1f7a1f2a10',
          kind: 'withdrawal.fail',
          cryptocurrency: 'BTC',
          amount: '0.10050000',
          usdValue: '6532.50',
          thresholdUsd: 1000,
        };
      }
      return {
        withdrawals: [claimed],
        pagination: { page: 1, limit: 20, total: 1, totalPages: 1, hasPrev: false, hasNext: false },
      };
    });
    vi.stubGlobal('fetch', api.fetch);
    const said = vi.spyOn(toast, 'success');
    render();
    const row = await screen.findByTestId('withdrawal-row');
    fireEvent.click(await within(row).findByRole('button', { name: 'Не удалось' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Что проверено в блокчейне/), {
      target: { value: 'Хеша нет' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Не удалось' }));
    await waitFor(() => expect(said).toHaveBeenCalledWith('Ожидает одобрения второго администратора'));
    expect(said).not.toHaveBeenCalledWith(expect.stringMatching(/не удалась|failed/i));
  });
});
