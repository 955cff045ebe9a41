import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { CreateOrderPage } from './CreateOrderPage';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path) => (path === '/config' ? { platformFeeRate: '0.001', feePayer: 'buyer' } : []));
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  // Unmounted while the stubs stand: a tree left mounted kept its queries, whose late updates ran
  // once the file's DOM was gone (an unhandled "window is not defined" in CI).
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const type = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('create-order form', () => {
  it('checks a field once it was left, with the shared minimums', async () => {
    renderApp(<CreateOrderPage />);
    type(/^Количество, BTC/, '0.0001');
    expect(await screen.findByText('Минимальная сумма: 0.001 BTC')).toBeTruthy();
    // A field not visited yet says nothing.
    expect(screen.queryByText('Укажите корректную цену за единицу')).toBeNull();
    type(/^Количество, BTC/, '0.123456789');
    expect(await screen.findByText('Введите число, не более 8 знаков после запятой')).toBeTruthy();
  });

  it('names every problem in English on preview, and opens no preview', async () => {
    renderApp(<CreateOrderPage />, { lang: 'en' });
    type(/^Amount, BTC/, '0.01');
    type(/^Price per 1 BTC/, '50000');
    fireEvent.click(screen.getByRole('button', { name: 'Sberbank' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Minimum order total: ₽1,000')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the fee the release will take, from the server rate', async () => {
    renderApp(<CreateOrderPage />);
    type(/^Количество, BTC/, '0.5');
    await waitFor(() => expect(screen.getByText(/≈ 0,00050000/)).toBeTruthy());
    expect(screen.getByText(/Комиссия платформы 0,1% удерживается/)).toBeTruthy();
  });

  it('starts with the payment window of the settings, raised to the order minimum', async () => {
    const settings = (timeLimit: number) => ({
      notifications: { telegram: true, trades: true, deposits: true, chat: true },
      privacy: { showOnline: true, showStats: true, allowMessages: true },
      trading: { autoReply: '', timeLimit, minRating: 0, allowUnrated: true },
      telegramConnected: false,
      updatedAt: null,
    });
    let window = 45;
    vi.stubGlobal(
      'fetch',
      fakeApi((path) =>
        path === '/users/settings'
          ? settings(window)
          : path === '/config'
            ? { platformFeeRate: '0.001', feePayer: 'buyer' }
            : [],
      ).fetch,
    );
    const first = renderApp(<CreateOrderPage />);
    const field = () => screen.getByLabelText(/^Время на оплату/) as HTMLInputElement;
    await waitFor(() => expect(field().value).toBe('45'));
    first.unmount();
    // Settings allow 5 minutes; an order's window starts at 15.
    window = 5;
    renderApp(<CreateOrderPage />);
    await waitFor(() => expect(field().value).toBe('15'));
  });

  it('warns a seller with no saved payment details, and adds one without leaving the form', async () => {
    renderApp(<CreateOrderPage />);
    // A buy order: the taker is the seller, nothing to warn about.
    expect(screen.queryByText(/нет сохранённых реквизитов/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^Продать/ }));
    expect(await screen.findByText(/У вас нет сохранённых реквизитов/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить способ оплаты' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    // Still on the order form.
    expect(screen.getByRole('button', { name: /^Продать/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('only reminds a seller who has an active method that the details are sent on each trade', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi((path) =>
        path === '/payment-templates'
          ? [
              {
                id: 'p1',
                name: 'Сбер',
                type: 'BANK_CARD',
                isActive: true,
                isDefault: true,
                details: {},
                maskedDetails: {},
              },
            ]
          : path === '/config'
            ? { platformFeeRate: '0.001', feePayer: 'buyer' }
            : [],
      ).fetch,
    );
    renderApp(<CreateOrderPage />);
    fireEvent.click(screen.getByRole('button', { name: /^Продать/ }));
    expect(await screen.findByText(/отправьте ему сохранённые реквизиты/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Добавить способ оплаты' })).toBeNull();
  });
});
