import type { AdminUserView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { BalancePage } from './BalancePage';

const vera: AdminUserView = {
  id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  firstName: 'Вера',
  lastName: null,
  username: 'vera',
  displayName: null,
  telegramId: null,
  verified: true,
  tradesCount: 3,
  createdAt: '2026-11-01T10:00:00Z',
  blockedAt: null,
  blockReason: null,
  balances: [],
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path, init) => {
    if (path.startsWith('/admin/users?')) {
      return {
        users: [vera],
        pagination: { page: 1, limit: 10, total: 1, totalPages: 1, hasPrev: false, hasNext: false },
      };
    }
    if (path.endsWith('/balances')) return { balances: {} };
    if (init.method === 'POST') {
      return {
        balance: { currency: 'USDT', available: '25.50000000', locked: '0', total: '25.50000000' },
        ledgerTxId: '00000000-0000-4000-8000-000000000001',
      };
    }
    return null;
  });
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const inlineForm = () => {
  const heading = screen.getByRole('heading', { name: 'Быстрая операция' });
  const form = heading.closest('form');
  if (!form) throw new Error('no inline form');
  return within(form);
};

const pickVera = async () => {
  fireEvent.change(screen.getByLabelText('Поиск пользователя'), { target: { value: 'vera' } });
  fireEvent.click(screen.getByRole('button', { name: 'Найти' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Выбрать' }));
  await screen.findByTestId('balance-selected-user');
};

const alertOf = async (form: ReturnType<typeof inlineForm>) => (await form.findByRole('alert')).textContent;

describe('/admin/balance: the inline operation', () => {
  it('names one problem at a time, in order, when submitted: user and coin, amount, reason', async () => {
    renderApp(<BalancePage />);
    const form = inlineForm();
    fireEvent.click(form.getByRole('button', { name: 'Зачислить' }));
    expect(await alertOf(form)).toBe('Выберите пользователя и криптовалюту');
    await pickVera();
    fireEvent.change(form.getByLabelText('Криптовалюта'), { target: { value: 'USDT' } });
    fireEvent.change(form.getByLabelText('Сумма'), { target: { value: '0' } });
    // Typing does not check: the complaint waits for the next submit.
    expect(form.getByRole('alert').textContent).toBe('Выберите пользователя и криптовалюту');
    fireEvent.click(form.getByRole('button', { name: 'Зачислить' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Введите корректную сумму'));
    fireEvent.change(form.getByLabelText('Сумма'), { target: { value: '0.123456789' } });
    fireEvent.click(form.getByRole('button', { name: 'Списать' }));
    await waitFor(() => expect(form.getByRole('alert').textContent).toBe('Не более 8 знаков после запятой'));
    fireEvent.change(form.getByLabelText('Сумма'), { target: { value: '25,5' } });
    fireEvent.change(form.getByLabelText('Причина'), { target: { value: 'abc' } });
    fireEvent.click(form.getByRole('button', { name: 'Зачислить' }));
    await waitFor(() =>
      expect(form.getByRole('alert').textContent).toBe('Причина должна быть минимум 5 символов'),
    );
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks a second time, sends the amount with a point, then empties amount and reason', async () => {
    renderApp(<BalancePage />);
    await pickVera();
    const form = inlineForm();
    fireEvent.change(form.getByLabelText('Криптовалюта'), { target: { value: 'USDT' } });
    fireEvent.change(form.getByLabelText('Сумма'), { target: { value: ' 25,5 ' } });
    fireEvent.change(form.getByLabelText('Причина'), { target: { value: '  Компенсация по обращению ' } });
    fireEvent.click(form.getByRole('button', { name: 'Списать' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading').textContent).toBe('Подтвердите списание');
    expect(dialog.textContent?.replace(/\u00a0/g, ' ')).toContain(
      'у пользователя Вера (@vera)? Причина: Компенсация по обращению Списание необратимо',
    );
    expect(form.queryByRole('alert')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Списать' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toEqual({
        path: `/admin/users/${vera.id}/balance/debit`,
        method: 'POST',
        body: { cryptocurrency: 'USDT', amount: '25.5', reason: 'Компенсация по обращению' },
      }),
    );
    await waitFor(() => expect((form.getByLabelText('Сумма') as HTMLInputElement).value).toBe(''));
    expect((form.getByLabelText('Причина') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('Криптовалюта') as HTMLSelectElement).value).toBe('USDT');
  });

  it('speaks the UI language', async () => {
    renderApp(<BalancePage />, { lang: 'en' });
    const heading = await screen.findByRole('heading', { name: 'Quick operation' });
    const form = within(heading.closest('form') as HTMLElement);
    fireEvent.click(form.getAllByRole('button')[0] as HTMLElement);
    expect(await alertOf(form)).toBe('Choose a user and a cryptocurrency');
  });
});

describe('/admin/balance: the operation dialog', () => {
  it('sends the default note when none is written, after the second question', async () => {
    renderApp(<BalancePage />);
    await pickVera();
    fireEvent.click(screen.getByRole('button', { name: 'Операция в окне' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Списать' }));
    fireEvent.click(dialog.getAllByRole('button', { name: 'Списать' }).at(-1) as HTMLElement);
    expect((await dialog.findByRole('alert')).textContent).toBe('Выберите пользователя и криптовалюту');
    fireEvent.change(dialog.getByLabelText('Криптовалюта'), { target: { value: 'BTC' } });
    fireEvent.change(dialog.getByLabelText('Сумма'), { target: { value: '0.5' } });
    expect((dialog.getByLabelText('Комментарий') as HTMLInputElement).placeholder).toBe(
      'Ручное списание администратором',
    );
    fireEvent.click(dialog.getAllByRole('button', { name: 'Списать' }).at(-1) as HTMLElement);
    await dialog.findByText(/Причина: Ручное списание администратором/);
    // Back to the form: what was typed is still there.
    fireEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    expect((dialog.getByLabelText('Сумма') as HTMLInputElement).value).toBe('0.5');
    fireEvent.click(dialog.getAllByRole('button', { name: 'Списать' }).at(-1) as HTMLElement);
    await dialog.findByText(/Причина: Ручное списание администратором/);
    fireEvent.click(dialog.getByRole('button', { name: 'Списать' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')).toEqual({
        path: `/admin/users/${vera.id}/balance/debit`,
        method: 'POST',
        body: { cryptocurrency: 'BTC', amount: '0.5', reason: 'Ручное списание администратором' },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
