import type { OrderView } from '@p2p/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSellingGate } from '@/features/two-factor';
import { fakeApi, renderApp } from '@/test-support/render';
import { SwapForm } from './SwapEntry';

/** 0.5 BTC for USDT at 97 000,5 USDT per BTC, fills of 10 to 1 000 USDT (docs/decisions/026). */
const order = {
  id: '63741c28-24d1-4c23-abea-be5ea68854f9',
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'USDT',
  price_per_unit: '97000.50000000',
  min_amount: '10.00000000',
  max_amount: '1000.00000000',
  available_amount: '0.50000000',
  payment_methods: [],
  time_limit: 0,
} as unknown as OrderView;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi((path) =>
    path === '/config'
      ? { platformFeeRate: '0.001', feePayer: 'buyer' }
      : path.endsWith('/swap')
        ? { received_amount: '0.00999000', cryptocurrency: 'BTC' }
        : { totpCode: null },
  );
  vi.stubGlobal('fetch', api.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('the swap dialog', () => {
  it('shows exactly what the taker gives and gets after the fee, then sends the amount with the code', async () => {
    const done = vi.fn();
    renderApp(<SwapForm order={order} onDone={done} />);
    fireEvent.change(screen.getByLabelText('Получить, BTC'), { target: { value: '0,01' } });
    // 0.01 × 97 000.5 = 970.005 USDT; the fee is 0.1 % of the coins received.
    await waitFor(() => expect(nb(document.body.textContent ?? '')).toContain('0,00999000 BTC'));
    const text = nb(document.body.textContent ?? '');
    expect(text).toContain('970,00500000 USDT');
    expect(text).toContain('0,00001000 BTC');
    const send = screen.getByRole('button', { name: 'Обменять' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Код двухфакторной аутентификации для обмена/), {
      target: { value: '123456' },
    });
    fireEvent.click(send);
    await waitFor(() => expect(done).toHaveBeenCalled());
    const call = api.calls.find((c) => c.path.endsWith('/swap'));
    expect(call).toMatchObject({
      method: 'POST',
      path: `/orders/${order.id}/swap`,
      body: { amount_crypto: '0.01', totp_code: '123456' },
    });
  });

  it('states the most as what the offer has left when that is less than its own limit', () => {
    renderApp(<SwapForm order={{ ...order, available_fiat: '970.00000000' }} onDone={() => {}} />);
    expect(nb(document.body.textContent ?? '')).toContain('Лимиты: 10,00000000 USDT – 970,00000000 USDT');
  });

  it('names an amount outside the limits and sends nothing', async () => {
    renderApp(<SwapForm order={order} onDone={() => {}} />);
    fireEvent.change(screen.getByLabelText('Получить, BTC'), { target: { value: '0.0001' } });
    expect(await screen.findByText('Сумма вне лимитов ордера')).toBeTruthy();
    expect(api.calls.some((c) => c.path.endsWith('/swap'))).toBe(false);
  });
});

/** The swap form beside the gate that leads a taker without two-factor through enrolment. */
function WithGate() {
  const gate = useSellingGate('swap');
  return (
    <>
      <SwapForm order={order} gate={gate} onDone={() => {}} />
      {gate.dialog}
      <button type="button" onClick={() => void gate.ensure(() => {})}>
        open
      </button>
    </>
  );
}

describe('a taker without two-factor', () => {
  it('is led through enrolment in place when the server refuses the swap, in words about swapping', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      const path = url.replace(/^\/api\/v1/, '');
      if (path.endsWith('/swap'))
        return new Response(
          JSON.stringify({
            success: false,
            code: 'TWO_FACTOR_REQUIRED',
            error: 'Включите двухфакторную аутентификацию, чтобы обменивать монеты',
            details: { reason: 'not_enabled' },
          }),
          { status: 403 },
        );
      const data = path === '/config' ? { platformFeeRate: '0.001', feePayer: 'buyer' } : { totpCode: null };
      return new Response(JSON.stringify({ success: true, data }), { status: 200 });
    });
    renderApp(<WithGate />);
    fireEvent.change(screen.getByLabelText('Получить, BTC'), { target: { value: '0,01' } });
    fireEvent.change(screen.getByLabelText(/Код двухфакторной аутентификации для обмена/), {
      target: { value: '123456' },
    });
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Обменять' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Обменять' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нужна двухфакторная аутентификация' });
    expect(dialog.textContent).toContain('Обмен сразу списывает монеты');
    expect(dialog.textContent).not.toMatch(/Продавать|выводить/);
  });

  it('is asked to enrol before the swap dialog opens when two-factor is known to be off', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi((path) =>
        path === '/users/2fa/status'
          ? { enabled: false, pending: false, enabledAt: null, recoveryCodesLeft: 0 }
          : path === '/config'
            ? { platformFeeRate: '0.001', feePayer: 'buyer' }
            : { totpCode: null },
      ).fetch,
    );
    renderApp(<WithGate />);
    fireEvent.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Нужна двухфакторная аутентификация' });
    expect(dialog.textContent).toContain('Обмен сразу списывает монеты');
  });
});
