import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test-support/render';
import { TelegramConnect } from './TelegramConnect';

const LINK = { url: 'https://t.me/p2p_bot?start=abc', token: 'abc', expiresAt: '2026-11-20T10:15:00.000Z' };
const INVALID = {
  success: false,
  error: 'Неверный код двухфакторной аутентификации',
  code: 'TWO_FACTOR_REQUIRED',
  details: { reason: 'invalid' },
};
const MISSING = {
  success: false,
  error: 'Введите код двухфакторной аутентификации, чтобы подключить Telegram',
  code: 'TWO_FACTOR_REQUIRED',
  details: { reason: 'missing' },
};

/** The API as the component sees it: two-factor on or off, and which codes the server takes. */
function server({ twoFactor, accept }: { twoFactor: boolean; accept: (code?: string) => boolean }) {
  const posts: unknown[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const path = url.replace(/^\/api\/v1/, '');
    const ok = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });
    if (path === '/users/2fa/status') return ok({ enabled: twoFactor, pending: false, stepUpUntil: null });
    if (path === '/telegram/link' && init.method === 'POST') {
      const body = JSON.parse(String(init.body ?? '{}')) as { code?: string };
      posts.push(body);
      if (accept(body.code)) return ok(LINK);
      return new Response(JSON.stringify(body.code ? INVALID : MISSING), { status: 403 });
    }
    if (path === '/telegram/link')
      return ok({ botEnabled: true, botUsername: 'p2p_bot', connected: false, connectedAt: null });
    return ok(null);
  };
  return { fetch, posts };
}

let opened: unknown[][];
beforeEach(() => {
  opened = [];
  vi.stubGlobal('open', (...args: unknown[]) => opened.push(args));
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const connectButton = () => screen.findByRole('button', { name: 'Подключить Telegram-бота' });

describe('connecting the Telegram bot', () => {
  it('with two-factor on asks for the code before any link is requested; a wrong code is shown, the right one opens the link', async () => {
    const api = server({ twoFactor: true, accept: (code) => code === '123456' });
    vi.stubGlobal('fetch', api.fetch);
    // On the settings page it sits inside the settings form: sending a code must not submit it.
    const saveSettings = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    renderApp(
      <form onSubmit={saveSettings}>
        <TelegramConnect />
      </form>,
    );
    await waitFor(async () => expect((await connectButton()).hasAttribute('disabled')).toBe(false));
    fireEvent.click(await connectButton());
    const input = await screen.findByLabelText('Код подтверждения');
    expect(api.posts).toEqual([]);
    const submit = screen.getByRole('button', { name: 'Получить ссылку' });
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Неверный код двухфакторной аутентификации')).toBeTruthy();
    expect(opened).toEqual([]);

    // Enter in the field sends the code.
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByRole('link', { name: 'Открыть ссылку еще раз' })).toBeTruthy();
    expect(api.posts).toEqual([{ code: '000000' }, { code: '123456' }]);
    expect(saveSettings).not.toHaveBeenCalled();
    expect(opened).toEqual([[LINK.url, '_blank', 'noopener']]);
    expect(screen.queryByLabelText('Код подтверждения')).toBeNull();
  });

  it('with two-factor off asks nothing', async () => {
    const api = server({ twoFactor: false, accept: () => true });
    vi.stubGlobal('fetch', api.fetch);
    renderApp(<TelegramConnect />);
    await waitFor(async () => expect((await connectButton()).hasAttribute('disabled')).toBe(false));
    fireEvent.click(await connectButton());
    expect(await screen.findByRole('link', { name: 'Открыть ссылку еще раз' })).toBeTruthy();
    expect(api.posts).toEqual([{}]);
  });

  it('opens the code form when the server asks for a code the status did not foresee', async () => {
    const api = server({ twoFactor: false, accept: (code) => code === '654321' });
    vi.stubGlobal('fetch', api.fetch);
    renderApp(<TelegramConnect />);
    await waitFor(async () => expect((await connectButton()).hasAttribute('disabled')).toBe(false));
    fireEvent.click(await connectButton());
    const input = await screen.findByLabelText('Код подтверждения');
    // Asked, not scolded: no error for a code nobody typed yet.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Получить ссылку' }));
    expect(await screen.findByRole('link', { name: 'Открыть ссылку еще раз' })).toBeTruthy();
    expect(api.posts).toEqual([{}, { code: '654321' }]);
  });
});
