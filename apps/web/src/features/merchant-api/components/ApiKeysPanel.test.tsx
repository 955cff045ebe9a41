import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { ApiKeysPanel } from './ApiKeysPanel';

const KEY = 'pk_0123456789abcdef0123456789abcdef';
const SECRET = 'sk_secret-shown-once';

/** The key routes: two-factor on; the right code is 111111. */
function serve() {
  const keys: unknown[] = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      name: 'Отчеты',
      key_prefix: 'pk_aaaaaaaa',
      scopes: ['read'],
      ip_allowlist: [],
      created_at: '2026-11-20T10:00:00.000Z',
      last_used_at: null,
    },
  ];
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const method = init.method ?? 'GET';
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
    if (path === '/users/2fa/status')
      return ok({ enabled: true, pending: false, enabledAt: null, recoveryCodesLeft: 10, stepUpUntil: null });
    if (path === '/auth/dev-code') return new Response('{}', { status: 404 });
    if (path === '/api-keys' && method === 'POST') {
      if (body.totpCode !== '111111')
        return new Response(
          JSON.stringify({
            success: false,
            error: 'Неверный код двухфакторной аутентификации',
            code: 'TWO_FACTOR_REQUIRED',
            details: { reason: 'invalid' },
          }),
          { status: 403 },
        );
      return ok({ id: '22222222-2222-4222-8222-222222222222', key: KEY, secret: SECRET });
    }
    if (path === '/api-keys') return ok(keys);
    return ok({ id: path.split('/').pop() });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('API keys on /settings/api', () => {
  it('lists keys with their scopes and last use, never a secret', async () => {
    serve();
    renderApp(<ApiKeysPanel />);
    expect(await screen.findByText('Отчеты')).toBeTruthy();
    expect(screen.getByText('pk_aaaaaaaa…')).toBeTruthy();
    expect(screen.getByText(/Не использовался/)).toBeTruthy();
  });

  it('creates a key with the chosen scopes and the code; shows key and secret once with the warning', async () => {
    const sent = serve();
    renderApp(<ApiKeysPanel />);
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Бот' } });
    fireEvent.click(screen.getByLabelText(/Торговля/));
    fireEvent.change(screen.getByLabelText('Разрешенные IP-адреса'), {
      target: { value: '203.0.113.7, 2001:db8::1' },
    });
    fireEvent.change(await screen.findByLabelText('Код подтверждения'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Неверный код двухфакторной аутентификации')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Код подтверждения'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Сохраните секрет сейчас: он показывается только один раз')).toBeTruthy();
    expect(screen.getByText(SECRET)).toBeTruthy();
    expect(screen.getByText(KEY)).toBeTruthy();
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/api-keys',
      body: {
        name: 'Бот',
        scopes: ['read', 'trade'],
        ip_allowlist: ['203.0.113.7', '2001:db8::1'],
        totpCode: '111111',
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил(а) секрет' }));
    await waitFor(() => expect(screen.queryByText(SECRET)).toBeNull());
  });

  it('refuses a key without scopes by the shared schema, sending nothing', async () => {
    const sent = serve();
    renderApp(<ApiKeysPanel />);
    fireEvent.change(await screen.findByLabelText('Название'), { target: { value: 'Бот' } });
    fireEvent.click(screen.getByLabelText(/Чтение/));
    fireEvent.click(screen.getByRole('button', { name: 'Создать ключ' }));
    expect(await screen.findByText('Выберите хотя бы одно право: чтение или торговля')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('revokes only after the second question', async () => {
    const sent = serve();
    renderApp(<ApiKeysPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Отозвать' }));
    expect(sent).toEqual([]);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Отозвать ключ «Отчеты»?');
    const buttons = dialog.querySelectorAll('button');
    fireEvent.click(buttons[buttons.length - 1] as HTMLButtonElement);
    await waitFor(() =>
      expect(sent).toEqual([
        { method: 'DELETE', path: '/api-keys/11111111-1111-4111-8111-111111111111', body: undefined },
      ]),
    );
  });
});
