import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { TwoFactorPanel } from './TwoFactorPanel';

const WRONG = 'Неверный код двухфакторной аутентификации';

/** The two-factor API: the right codes are 111111 (turn on) and 222222 (turn off). */
function serve(initiallyOn: boolean) {
  let enabled = initiallyOn;
  const posts: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (init.method === 'POST') posts.push({ path, body });
    const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
    const wrong = () =>
      new Response(JSON.stringify({ success: false, error: WRONG, code: 'VALIDATION_ERROR' }), {
        status: 400,
      });
    if (path === '/users/2fa/status')
      return ok({ enabled, pending: false, enabledAt: null, recoveryCodesLeft: 10, stepUpUntil: null });
    if (path === '/users/2fa/setup')
      return ok({ secret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/P2P:me?secret=JBSWY3DPEHPK3PXP' });
    if (path === '/users/2fa/enable') {
      if (body.code !== '111111') return wrong();
      enabled = true;
      return ok({ enabled: true, recoveryCodes: ['aaaaa-bbbbb'] });
    }
    if (path === '/users/2fa/recovery-codes') {
      if (body.code !== '333333') return wrong();
      return ok({ recoveryCodes: ['ccccc-ddddd', 'eeeee-fffff'] });
    }
    if (path === '/users/2fa/disable') {
      if (body.code !== '222222') return wrong();
      enabled = false;
      return ok({ enabled: false });
    }
    return ok(null);
  });
  return posts;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('two-factor on the security page', () => {
  it('enrols: nothing is sent for a blank code, a refused code stays shown while the next is typed', async () => {
    const posts = serve(false);
    renderApp(<TwoFactorPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Подключить' }));
    const input = (await screen.findByLabelText('Код из приложения')) as HTMLInputElement;
    const confirm = screen.getByRole('button', { name: 'Подтвердить' }) as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '   ' } });
    expect(confirm.disabled).toBe(true);
    fireEvent.submit(input.form as HTMLFormElement);
    fireEvent.change(input, { target: { value: ' 000000 ' } });
    fireEvent.click(confirm);
    expect(await screen.findByText(WRONG)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '111111' } });
    expect(screen.getByText(WRONG)).toBeTruthy();
    fireEvent.click(confirm);
    expect(await screen.findByRole('list', { name: 'Резервные коды' })).toBeTruthy();
    expect(posts.map((p) => p.body)).toEqual([undefined, { code: '000000' }, { code: '111111' }]);
  });

  it('turns off with a code, the refused one shown at the field', async () => {
    const posts = serve(true);
    renderApp(<TwoFactorPanel />);
    const input = await screen.findByLabelText('Код из приложения или резервный код');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    fireEvent.change(input, { target: { value: '222222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    await waitFor(() =>
      expect(posts.at(-1)).toEqual({ path: '/users/2fa/disable', body: { code: '222222' } }),
    );
  });

  it('issues new recovery codes with a code from the app and shows them once', async () => {
    const posts = serve(true);
    renderApp(<TwoFactorPanel />);
    fireEvent.click(await screen.findByRole('button', { name: 'Новые резервные коды' }));
    expect(screen.getByText(/Старые резервные коды перестанут работать/)).toBeTruthy();
    const input = screen.getByLabelText('Код из приложения');
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Выпустить новые коды' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    fireEvent.change(input, { target: { value: '333333' } });
    fireEvent.click(screen.getByRole('button', { name: 'Выпустить новые коды' }));
    const list = await screen.findByRole('list', { name: 'Резервные коды' });
    expect(list.textContent).toContain('ccccc-ddddd');
    expect(posts.filter((p) => p.path === '/users/2fa/recovery-codes').map((p) => p.body)).toEqual([
      { code: '000000' },
      { code: '333333' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Я сохранил коды' }));
    await waitFor(() => expect(screen.queryByText('ccccc-ddddd')).toBeNull());
  });
});
