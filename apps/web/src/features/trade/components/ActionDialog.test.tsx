import type { TradeView } from '@p2p/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { fakeApi, renderApp } from '@/test-support/render';
import { ActionDialog, type Confirmable, shownInDialog } from './ActionDialog';

const trade = { id: 't1', paymentMethod: 'tinkoff' } as unknown as TradeView;

function status(stepUpUntil: string | null) {
  const api = fakeApi((path) =>
    path === '/users/2fa/status'
      ? {
          enabled: true,
          pending: false,
          enabledAt: null,
          recoveryCodesLeft: 9,
          stepUpUntil,
          stepUpMinutes: 5,
        }
      : null,
  );
  vi.stubGlobal('fetch', api.fetch);
}

function open(action: Confirmable, error: unknown = null) {
  const onConfirm = vi.fn();
  renderApp(
    <ActionDialog
      trade={trade}
      action={action}
      vars={{ fiat: '50 000 ₽', crypto: '0.01 BTC', name: 'Иван', net: '', fee: '' }}
      busy={false}
      error={error}
      onConfirm={onConfirm}
      onCancel={() => undefined}
    />,
  );
  return onConfirm;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('the trade action dialog (docs/decisions/023)', () => {
  it('asks the seller for a code to confirm, and sends it', async () => {
    status(null);
    const onConfirm = open('confirm_payment');
    const code = await screen.findByLabelText('Код подтверждения');
    const ok = screen.getByRole('button', { name: 'Да, деньги получены' }) as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(code, { target: { value: ' 123 456 ' } });
    fireEvent.click(ok);
    expect(onConfirm).toHaveBeenCalledWith({ totpCode: '123 456' });
  });

  it('needs no code inside the open step-up window, and says until when', async () => {
    status(new Date(Date.now() + 4 * 60_000).toISOString());
    const onConfirm = open('confirm_payment');
    await waitFor(() =>
      expect(screen.getByTestId('step-up-open').textContent).toMatch(/Подтверждения без кода до/),
    );
    expect(screen.queryByLabelText('Код подтверждения')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Да, деньги получены' }));
    expect(onConfirm).toHaveBeenCalledWith({});
  });

  it('shows a refused code at the field', async () => {
    status(null);
    const refusal = new ApiError('Неверный код двухфакторной аутентификации', 403, 'TWO_FACTOR_REQUIRED', {
      reason: 'invalid',
    });
    expect(shownInDialog(refusal, 'confirm_payment')).toBe(true);
    open('confirm_payment', refusal);
    expect((await screen.findByRole('alert')).textContent).toBe('Неверный код двухфакторной аутентификации');
  });

  it('asks the buyer which account paid before «Я оплатил», and sends it', async () => {
    status(null);
    const onConfirm = open('mark_paid');
    // The trade's payment method is the likely bank.
    expect((screen.getByLabelText('Банк') as HTMLSelectElement).value).toBe('tinkoff');
    fireEvent.click(screen.getByRole('button', { name: 'Да, я оплатил' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Последние 4 цифры карты или телефона: ровно 4 цифры',
      'Укажите имя плательщика, как его показывает банк',
    ]);
    fireEvent.change(screen.getByLabelText('Последние 4 цифры карты или телефона'), {
      target: { value: '12 34x' },
    });
    fireEvent.change(screen.getByLabelText('Имя плательщика, как его показывает банк'), {
      target: { value: ' Иван Петрович С. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Да, я оплатил' }));
    expect(onConfirm).toHaveBeenCalledWith({
      payer: { bank: 'tinkoff', last4: '1234', name: 'Иван Петрович С.' },
    });
  });
});
