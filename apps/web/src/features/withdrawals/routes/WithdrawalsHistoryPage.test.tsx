import type { WithdrawalView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { WithdrawalsHistoryPage } from './WithdrawalsHistoryPage';

const base: WithdrawalView = {
  id: '11111111-1111-4111-8111-111111111111',
  cryptocurrency: 'BTC',
  network: 'BTC',
  amount: '0.02950000',
  fee: '0.00050000',
  networkFee: '0.00050000',
  total: '0.03000000',
  toAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  internal: false,
  status: 'PENDING',
  txHash: null,
  explorerUrl: null,
  reviewNotes: null,
  createdAt: '2026-11-22T10:00:00Z',
  updatedAt: '2026-11-22T10:00:00Z',
  completedAt: null,
  cancellable: true,
  user: { firstName: 'A', lastName: null },
};
const done: WithdrawalView = {
  ...base,
  id: '22222222-2222-4222-8222-222222222222',
  status: 'COMPLETED',
  txHash: 'ab'.repeat(32),
  explorerUrl: `https://mempool.space/tx/${'ab'.repeat(32)}`,
  completedAt: '2026-11-22T11:00:00Z',
  cancellable: false,
};

const sending: WithdrawalView = {
  ...base,
  id: '33333333-3333-4333-8333-333333333333',
  status: 'PROCESSING',
  cancellable: false,
};

function serve(list: WithdrawalView[] = [base, done]) {
  const sent: { path: string; method: string }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    sent.push({ path, method });
    if (path.endsWith('/cancel')) {
      return Response.json({ success: true, data: { ...base, status: 'CANCELLED', cancellable: false } });
    }
    const status = new URL(path, 'http://x').searchParams.get('status');
    const rows = list.filter((w) => !status || w.status === status);
    return Response.json({
      success: true,
      data: rows,
      pagination: { total: rows.length, limit: 20, offset: 0, hasNext: false },
    });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('/withdrawals/history', () => {
  it('shows addresses as 8…6, the explorer link, and cancel only where allowed', async () => {
    serve();
    renderApp(<WithdrawalsHistoryPage />);
    const rows = await screen.findAllByTestId('withdrawal-row');
    expect(rows).toHaveLength(2);
    const [pending, completed] = rows as [HTMLElement, HTMLElement];
    expect(within(pending).getByText('bc1qw508…v8f3t4')).toBeTruthy();
    expect(within(pending).getByText('На рассмотрении')).toBeTruthy();
    expect(within(pending).queryByRole('button', { name: 'Отменить' })).not.toBeNull();
    expect(within(completed).queryByRole('button', { name: 'Отменить' })).toBeNull();
    expect(within(completed).getByRole('link').getAttribute('href')).toBe(done.explorerUrl);
  });

  it('filters by the status tabs', async () => {
    const sent = serve();
    renderApp(<WithdrawalsHistoryPage />);
    await screen.findAllByTestId('withdrawal-row');
    fireEvent.click(screen.getByRole('button', { name: 'Завершенные' }));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
    expect(sent.some((s) => s.path.includes('status=COMPLETED'))).toBe(true);
  });

  it('asks before cancelling, then cancels that withdrawal', async () => {
    const sent = serve();
    renderApp(<WithdrawalsHistoryPage />);
    const [pending] = await screen.findAllByTestId('withdrawal-row');
    fireEvent.click(within(pending as HTMLElement).getByRole('button', { name: 'Отменить' }));
    expect(sent.some((s) => s.method === 'POST')).toBe(false);
    const dialog = screen.getByRole('dialog');
    expect((dialog.textContent ?? '').replace(/\u00a0/g, ' ')).toContain(
      '0,03000000 BTC вернутся на доступный баланс',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отменить' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ path: `/withdrawals/${base.id}/cancel`, method: 'POST' }),
    );
  });

  it('says a claimed withdrawal is being sent, with no cancel button (docs/decisions/023)', async () => {
    serve([sending, base]);
    renderApp(<WithdrawalsHistoryPage />);
    const [claimed, open] = (await screen.findAllByTestId('withdrawal-row')) as [HTMLElement, HTMLElement];
    expect(within(claimed).getByText('Отправляется')).toBeTruthy();
    expect(within(claimed).getByText('Заявка отправляется: отменить ее уже нельзя')).toBeTruthy();
    expect(within(claimed).queryByRole('button', { name: 'Отменить' })).toBeNull();
    expect(within(open).queryByTestId('withdrawal-being-sent')).toBeNull();
    expect(within(open).queryByRole('button', { name: 'Отменить' })).not.toBeNull();
  });
});
