import type { AdminWithdrawalView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { AdminSessionProvider } from '../session';
import { type AskedAction, WithdrawalActionDialog } from './WithdrawalActionDialog';
import { WithdrawalSendingDialog } from './WithdrawalSending';

const withdrawal = {
  id: '11111111-1111-4111-8111-111111111111',
  cryptocurrency: 'BTC',
  network: 'BTC',
  amount: '0.10000000',
  total: '0.10050000',
  toAddress: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  addressPreview: 'bc1qw508…v8f3t4',
  claimedBy: null,
  claimedAt: null,
} as unknown as AdminWithdrawalView;

const open = (action: AskedAction) => {
  const onSubmit = vi.fn();
  renderApp(
    <WithdrawalActionDialog
      withdrawal={withdrawal}
      action={action}
      busy={false}
      onSubmit={onSubmit}
      onClose={() => {}}
    />,
  );
  return { onSubmit, dialog: within(screen.getByRole('dialog')) };
};

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('a staff decision on a withdrawal, asked a second time', () => {
  it('rejects only with a reason, sent trimmed', async () => {
    const { onSubmit, dialog } = open('reject');
    fireEvent.change(dialog.getByLabelText('Причина отклонения'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('Укажите причину отклонения');
    fireEvent.change(dialog.getByLabelText('Причина отклонения'), {
      target: { value: ' Адрес под санкциями ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ note: 'Адрес под санкциями' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('fails only with what was checked on the chain; approves with no field', async () => {
    const failed = open('fail');
    fireEvent.click(failed.dialog.getByRole('button', { name: 'Не удалось' }));
    expect((await failed.dialog.findByRole('alert')).textContent).toContain(
      'Укажите, что проверено в блокчейне',
    );
    expect(failed.onSubmit).not.toHaveBeenCalled();
    fireEvent.change(failed.dialog.getByLabelText('Что проверено в блокчейне (адрес, хеш, мемпул)'), {
      target: { value: 'Узел недоступен' },
    });
    fireEvent.click(failed.dialog.getByRole('button', { name: 'Не удалось' }));
    await waitFor(() => expect(failed.onSubmit).toHaveBeenLastCalledWith({ note: 'Узел недоступен' }));
    document.body.innerHTML = '';
    const approved = open('approve');
    expect(approved.dialog.queryByRole('textbox')).toBeNull();
    fireEvent.click(approved.dialog.getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(approved.onSubmit).toHaveBeenCalledWith({}));
  });

  it('completes only with a TX Hash: the field takes focus when it is missing', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    const onSubmit = vi.fn();
    renderApp(
      <AdminSessionProvider>
        <WithdrawalSendingDialog
          withdrawal={withdrawal}
          busy={false}
          onSubmit={onSubmit}
          onClose={() => {}}
        />
      </AdminSessionProvider>,
    );
    const dialog = within(screen.getByRole('dialog'));
    const hash = dialog.getByLabelText('TX Hash');
    fireEvent.change(hash, { target: { value: '  ' } });
    dialog.getByRole('button', { name: 'Завершить' }).focus();
    fireEvent.click(dialog.getByRole('button', { name: 'Завершить' }));
    expect(dialog.getByRole('alert').textContent).toBe('Введите TX Hash');
    expect(document.activeElement).toBe(hash);
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(hash, { target: { value: ` ${'ab'.repeat(32)} ` } });
    fireEvent.click(dialog.getByRole('button', { name: 'Завершить' }));
    expect(onSubmit).toHaveBeenCalledWith({ txHash: 'ab'.repeat(32) });
  });
});
