import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { WithdrawFlow } from './WithdrawFlow';

// The DOM text is matched with its no-break spaces folded into plain ones.
const BTC = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

interface Sent {
  path: string;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

function serve({ twoFactor, internal = false }: { twoFactor: boolean; internal?: boolean }) {
  const sent: Sent[] = [];
  const answers: Record<string, unknown> = {
    '/config': { platformFeeRate: '0.001', feePayer: 'buyer', chainMode: 'live' },
    '/wallet/balances': [
      { cryptocurrency: 'BTC', available: '0.01040000', locked: '0.00000000', total: '0.01040000' },
    ],
    '/users/2fa/status': { enabled: twoFactor, pending: false, enabledAt: null, recoveryCodesLeft: 10 },
    '/withdrawals/addresses': [],
    '/users/2fa/setup': {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/P2P:me?secret=JBSWY3DPEHPK3PXP',
    },
    '/users/2fa/enable': { enabled: true, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    sent.push({
      path,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    });
    // Enrolling turns two-factor on for the status asked next.
    if (path === '/users/2fa/enable')
      answers['/users/2fa/status'] = { enabled: true, pending: false, enabledAt: null, recoveryCodesLeft: 2 };
    if (path === '/auth/dev-code') return new Response('{}', { status: 404 });
    const data =
      path === '/withdrawals/request'
        ? {
            id: '8f0c6c1e-5d4b-4f7e-9a55-1f5d7a3c2b10',
            cryptocurrency: 'BTC',
            network: 'BTC',
            amount: '0.00990000',
            fee: internal ? '0.00000000' : '0.00050000',
            total: internal ? '0.00990000' : '0.01040000',
            toAddress: BTC,
            internal,
            status: internal ? 'COMPLETED' : 'PENDING',
          }
        : answers[path];
    return new Response(JSON.stringify({ success: true, data }), { status: 200 });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const text = () => (document.body.textContent ?? '').replace(/\u00a0/g, ' ');
const address = () => screen.getByLabelText(/Адрес получателя|Recipient address/);
const amount = () => screen.getByLabelText(/^Сумма$|^Amount$/);
const next = (name = 'Продолжить') => screen.getByRole('button', { name }) as HTMLButtonElement;

async function openDetails(lang: 'ru' | 'en' = 'ru') {
  renderApp(<WithdrawFlow initialCurrency="BTC" currencyFixed onClose={() => {}} />, { lang });
  await waitFor(() => expect(text()).toMatch(/Доступно: 0,01040000 BTC|Available: 0.01040000 BTC/));
}

describe('withdraw form', () => {
  it('checks the address as it is typed with the network checksum', async () => {
    serve({ twoFactor: true });
    await openDetails();
    fireEvent.change(address(), { target: { value: `${BTC.slice(0, -1)}5` } });
    expect(screen.getByRole('alert').textContent).toBe('Неверный формат адреса для сети Bitcoin');
    fireEvent.change(address(), { target: { value: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' } });
    expect(screen.getByRole('alert').textContent).toBe('Неверный формат адреса для сети Bitcoin');
    fireEvent.change(address(), { target: { value: BTC } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses amount + fee above the balance and below the minimum; Max fills what fits with the fee', async () => {
    serve({ twoFactor: true });
    await openDetails();
    fireEvent.change(address(), { target: { value: BTC } });
    fireEvent.change(amount(), { target: { value: '0.01' } });
    expect(screen.getByRole('alert').textContent).toBe('Недостаточно средств. Доступно: 0.0104 BTC');
    expect(text()).toContain('Спишется с баланса0,01050000 BTC');
    expect(next().disabled).toBe(true);
    fireEvent.change(amount(), { target: { value: '0.0001' } });
    expect(screen.getByRole('alert').textContent).toBe('Минимальная сумма вывода: 0.001 BTC');
    expect(next().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Макс/ }));
    expect((amount() as HTMLInputElement).value).toBe('0.0099');
    expect(text()).toContain('Комиссия сети0,00050000 BTC');
    expect(text()).toContain('Спишется с баланса0,01040000 BTC');
    expect(next().disabled).toBe(false);
  });

  it('asks for the two-factor code and sends the request once, with an Idempotency-Key', async () => {
    const sent = serve({ twoFactor: true });
    await openDetails();
    fireEvent.change(address(), { target: { value: BTC.toUpperCase() } });
    fireEvent.change(amount(), { target: { value: '0,0099' } });
    fireEvent.click(next());
    const submit = next('Отправить заявку');
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Код двухфакторной аутентификации'), {
      target: { value: '123456' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(text()).toContain('Заявка на вывод создана и будет рассмотрена'));
    const requests = sent.filter((s) => s.path === '/withdrawals/request');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      cryptocurrency: 'BTC',
      network: 'BTC',
      amount: '0.0099',
      toAddress: BTC,
      totpCode: '123456',
    });
    expect(requests[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without two-factor leads through enrolment to the code, and shows an internal transfer as such', async () => {
    const sent = serve({ twoFactor: false, internal: true });
    await openDetails();
    fireEvent.change(address(), { target: { value: BTC } });
    fireEvent.click(screen.getByRole('button', { name: /Макс/ }));
    fireEvent.click(next());
    // No code field, no way to send: withdrawing needs two-factor on.
    expect(screen.queryByLabelText('Код двухфакторной аутентификации')).toBeNull();
    expect(next('Отправить заявку').disabled).toBe(true);
    expect(text()).toContain('Включите двухфакторную аутентификацию, чтобы продавать и выводить средства');
    fireEvent.click(screen.getByRole('button', { name: 'Подключить' }));
    // The enrolment dialog: a secret, then the first code, then the recovery codes once.
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Нужна двухфакторная аутентификация')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Подключить' }));
    fireEvent.change(await dialog.findByLabelText('Код из приложения'), { target: { value: '654321' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Подтвердить' }));
    fireEvent.click(await dialog.findByRole('button', { name: 'Продолжить' }));
    // Back on the confirm step, now with the code field.
    const code = await screen.findByLabelText('Код двухфакторной аутентификации');
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(next('Отправить заявку'));
    await waitFor(() => expect(text()).toContain('Перевод выполнен'));
    expect(text()).toContain('без комиссии сети');
    expect(sent.find((s) => s.path === '/users/2fa/enable')?.body).toEqual({ code: '654321' });
    expect(sent.find((s) => s.path === '/withdrawals/request')?.body).toMatchObject({ totpCode: '123456' });
  });

  it('speaks English in the English UI', async () => {
    serve({ twoFactor: true });
    await openDetails('en');
    fireEvent.change(address(), { target: { value: 'nope' } });
    expect(screen.getByRole('alert').textContent).toBe('Invalid address format for the Bitcoin network');
    fireEvent.change(address(), { target: { value: BTC } });
    fireEvent.change(amount(), { target: { value: '1' } });
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance. Available: 0.0104 BTC');
  });
});
