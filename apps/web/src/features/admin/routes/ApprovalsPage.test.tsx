import type { ApprovalList, ApprovalView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { ApprovalsPage } from './ApprovalsPage';

const staff = (id: string, firstName: string) => ({
  id,
  firstName,
  lastName: 'Тестова',
  email: `${firstName}@example.com`,
  role: 'admin' as const,
});
const party = (id: string, name: string) => ({ id, name, username: null });

const base: ApprovalView = {
  id: '00000000-0000-4000-8000-00000000000a',
  kind: 'dispute.resolve',
  status: 'pending',
  trade: {
    id: '00000000-0000-4000-8000-0000000000f1',
    status: 'DISPUTED',
    outcome: 'release',
    fiatCurrency: 'RUB',
    amountFiat: '50000.00',
    buyer: party('00000000-0000-4000-8000-0000000000b1', 'Покупатель Борис'),
    seller: party('00000000-0000-4000-8000-0000000000c1', 'Продавец Сергей'),
  },
  beneficiary: party('00000000-0000-4000-8000-0000000000b1', 'Покупатель Борис'),
  cryptocurrency: 'BTC',
  amount: '0.02000000',
  usdValue: '1300.00',
  reason: 'Оплата подтверждена выпиской банка',
  proposedBy: staff('00000000-0000-4000-8000-0000000000d1', 'Мария'),
  proposedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  mayDecide: true,
  refusal: null,
  mayCancel: false,
};
const own: ApprovalView = {
  ...base,
  id: '00000000-0000-4000-8000-00000000000b',
  kind: 'balance.credit',
  trade: null,
  beneficiary: party('00000000-0000-4000-8000-0000000000e1', 'Клиент Ева'),
  cryptocurrency: 'USDT',
  amount: '5000.00000000',
  usdValue: '5000.00',
  reason: 'Компенсация по обращению',
  mayDecide: false,
  refusal: 'own',
  mayCancel: true,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path, init) => {
    if (path.startsWith('/admin/approvals?') || path === '/admin/approvals') {
      return {
        approvals: [base, own],
        pagination: { page: 1, limit: 50, total: 2, totalPages: 1, hasPrev: false, hasNext: false },
        pendingCount: 2,
        thresholdUsd: 1000,
      } satisfies ApprovalList;
    }
    if (init.method === 'POST') return { ...base, status: 'approved' };
    return null;
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const card = async (id: string) => {
  await screen.findAllByTestId('approval');
  const found = document.querySelector<HTMLElement>(`[data-approval-id="${id}"]`);
  if (!found) throw new Error(`no card ${id}`);
  return within(found);
};

describe('approvals page (four eyes)', () => {
  it('says what each proposal does: the trade and outcome, the amount and its dollars, who and why', async () => {
    renderApp(<ApprovalsPage />);
    const dispute = await card(base.id);
    expect(dispute.getByText('Решение по спору')).toBeTruthy();
    expect(dispute.getByTestId('approval-outcome').textContent).toBe('Выпустить криптовалюту покупателю');
    expect(dispute.getByTestId('approval-usd').textContent).toMatch(/1\s300,00\s\$|\$\s?1\s300,00/);
    expect(dispute.getByText('Оплата подтверждена выпиской банка')).toBeTruthy();
    expect(dispute.getByTestId('approval-proposer').textContent).toContain('Мария Тестова');
    expect(screen.getByText(/дороже 1\s000\s\$|дороже \$\s?1\s000/)).toBeTruthy();
  });

  it("keeps one's own proposal's buttons off and says why; it may be withdrawn", async () => {
    renderApp(<ApprovalsPage />);
    const mine = await card(own.id);
    expect((mine.getByRole('button', { name: 'Одобрить' }) as HTMLButtonElement).disabled).toBe(true);
    expect((mine.getByRole('button', { name: 'Отклонить' }) as HTMLButtonElement).disabled).toBe(true);
    expect(mine.getByTestId('approval-refusal').textContent).toContain('Это ваше предложение');
    expect(mine.getByRole('button', { name: 'Отозвать' })).toBeTruthy();
    const other = await card(base.id);
    expect((other.getByRole('button', { name: 'Одобрить' }) as HTMLButtonElement).disabled).toBe(false);
    expect(other.queryByRole('button', { name: 'Отозвать' })).toBeNull();
  });

  it('approves only after a second question naming who gets what', async () => {
    renderApp(<ApprovalsPage />);
    fireEvent.click((await card(base.id)).getByRole('button', { name: 'Одобрить' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Покупатель Борис');
    expect(dialog.textContent).toContain('отменить это нельзя');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/admin/approvals/${base.id}/approve`,
        body: {},
      }),
    );
  });

  it('asks a reason before rejecting', async () => {
    renderApp(<ApprovalsPage />);
    fireEvent.click((await card(base.id)).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('минимум 5 символов');
    fireEvent.change(within(dialog).getByLabelText('Причина отказа'), {
      target: { value: 'Выписка не совпадает' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toMatchObject({
        path: `/admin/approvals/${base.id}/reject`,
        body: { note: 'Выписка не совпадает' },
      }),
    );
  });
});
