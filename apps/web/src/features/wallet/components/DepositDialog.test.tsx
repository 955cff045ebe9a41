import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderApp } from '@/test-support/render';
import { DepositDialog } from './DepositDialog';

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function serve(chainMode: 'devnet' | 'live') {
  const api = fakeApi((path) => {
    if (path.startsWith('/wallet/deposit-address')) {
      return {
        network: 'USDT-TRC20',
        currency: 'USDT',
        address: TRON,
        // as the server sends them: the network's limits as written (packages/shared networks.ts)
        minimum: '10',
        maximum: '50000',
        confirmations: 1,
        chainMode,
        explorerUrl: null,
      };
    }
    if (path.startsWith('/wallet/deposits')) {
      return {
        deposits: [
          {
            id: 'c7b1f1d2-8a3e-4f7b-9c1d-2e3f4a5b6c7d',
            network: 'USDT-TRC20',
            currency: 'USDT',
            amount: '5.00000000',
            address: TRON,
            txHash: 'ab'.repeat(32),
            outputIndex: 0,
            confirmations: 1,
            requiredConfirmations: 1,
            status: 'below_minimum',
            aboveMaximum: false,
            explorerUrl: null,
            seenAt: '2026-11-22T10:00:00Z',
            creditedAt: null,
          },
        ],
        pagination: { total: 1, limit: 10, offset: 0, hasNext: false },
      };
    }
    if (path.startsWith('/dev/chain/'))
      return { network: 'USDT-TRC20', txHash: 'cd'.repeat(32), toAddress: TRON, amount: '25' };
    return null;
  });
  vi.stubGlobal('fetch', api.fetch);
  return api.calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const text = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ');

describe('deposit dialog', () => {
  it('walks select → details → address, gates the address at the minimum, and goes back', async () => {
    const calls = serve('live');
    renderApp(<DepositDialog currency="USDT" devnet={false} onClose={() => {}} />);
    expect(text()).toContain('Шаг 1 из 3');
    fireEvent.click(screen.getByRole('radio', { name: /TRON \(TRC-20\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(text()).toContain('Подтверждений для зачисления1');
    const get = screen.getByRole('button', { name: 'Получить адрес' }) as HTMLButtonElement;
    fireEvent.change(screen.getByLabelText('Сумма пополнения'), { target: { value: '9.99' } });
    expect(get.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Минимальная сумма пополнения: 10 USDT');
    fireEvent.change(screen.getByLabelText('Сумма пополнения'), { target: { value: '25' } });
    expect(get.disabled).toBe(false);
    fireEvent.click(get);
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe(TRON));
    expect(calls.some((c) => c.path === '/wallet/deposit-address?network=USDT-TRC20')).toBe(true);
    expect(text()).toContain('перевод меньше 10 USDT не зачисляется');
    expect(screen.getByRole('img', { name: 'QR-код адреса пополнения' }).querySelector('svg')).not.toBeNull();
    await waitFor(() => expect(text()).toContain('ниже минимума'));
    // Not a devnet: no test transfer.
    expect(screen.queryByRole('button', { name: /Отправить тестовый перевод/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Назад' }));
    expect((screen.getByLabelText('Сумма пополнения') as HTMLInputElement).value).toBe('25');
  });

  it('on the devnet sends the amount as a test transfer to the address', async () => {
    const calls = serve('devnet');
    renderApp(<DepositDialog currency="USDT" devnet onClose={() => {}} />);
    fireEvent.click(screen.getByRole('radio', { name: /TRON \(TRC-20\)/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    fireEvent.change(screen.getByLabelText('Сумма пополнения'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Получить адрес' }));
    fireEvent.click(await screen.findByRole('button', { name: /Отправить тестовый перевод/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/dev/chain/USDT-TRC20/transfers')).toBe(true));
    expect(calls.find((c) => c.path === '/dev/chain/USDT-TRC20/transfers')?.body).toEqual({
      toAddress: TRON,
      amount: '25',
    });
  });
});
