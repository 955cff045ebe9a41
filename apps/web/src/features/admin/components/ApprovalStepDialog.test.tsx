import type { ApprovalView } from '@p2p/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { type ApprovalStep, ApprovalStepDialog } from './ApprovalStepDialog';

const credit = {
  id: '00000000-0000-4000-8000-00000000000b',
  kind: 'balance.credit',
  trade: null,
  beneficiary: { id: '00000000-0000-4000-8000-0000000000e1', name: 'Клиент Ева', username: null },
  cryptocurrency: 'USDT',
  amount: '5000.00000000',
  usdValue: '5000.00',
} as unknown as ApprovalView;

const open = (step: ApprovalStep) => {
  const onSubmit = vi.fn();
  renderApp(
    <ApprovalStepDialog approval={credit} step={step} busy={false} onSubmit={onSubmit} onClose={() => {}} />,
  );
  return { onSubmit, dialog: within(screen.getByRole('dialog')) };
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the second question before deciding a proposal', () => {
  it('approves with the comment trimmed, or with none', async () => {
    const { onSubmit, dialog } = open('approve');
    expect(dialog.getByText(/Клиент Ева/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith(''));
    fireEvent.change(dialog.getByLabelText('Комментарий (необязательно)'), {
      target: { value: '  Проверил  ' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith('Проверил'));
  });

  it('keeps the reason complaint until the next submit', async () => {
    const { onSubmit, dialog } = open('reject');
    fireEvent.change(dialog.getByLabelText('Причина отказа'), { target: { value: 'abc' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Укажите причину отказа (минимум 5 символов)',
    );
    fireEvent.change(dialog.getByLabelText('Причина отказа'), { target: { value: 'Выписка не та' } });
    expect(dialog.getByRole('alert')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Выписка не та'));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('withdraws without a field', async () => {
    const { onSubmit, dialog } = open('cancel');
    expect(dialog.queryByRole('textbox')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: 'Отозвать' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(''));
  });
});
